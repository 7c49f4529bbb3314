import type { DemoAssignment, DemoRubric } from '../model';
import type { CourseAccess } from '../domain/permissions';
import { needsGradingCount } from '../domain/needs-grading';
import type { RenderContext } from './render-context';
import { topicJson } from './discussions';

/**
 * `assignment_json`. The rubric is always embedded when there is one (Canvas has no
 * `include[]=rubric`); `needs_grading_count` only for callers who may grade.
 */
export function assignmentJson(
  context: RenderContext,
  assignment: DemoAssignment,
  access: CourseAccess,
  options: { bucket?: string; withDiscussionTopic?: boolean } = {},
): Record<string, unknown> {
  const { state, baseUrl } = context;
  const courseUrl = `${baseUrl}/courses/${assignment.courseId}`;
  const submissions = state
    .studentIdsIn(assignment.courseId)
    .map((userId) => state.submissionOf(assignment.id, userId));
  const hasSubmitted = submissions.some((s) => s?.submittedAt);
  const hasGraded = submissions.some((s) => s?.gradedAt);
  const isQuiz = assignment.submissionTypes.includes('online_quiz');

  const json: Record<string, unknown> = {
    id: assignment.id,
    description: assignment.description,
    due_at: assignment.dueAt,
    unlock_at: assignment.unlockAt,
    lock_at: assignment.lockAt,
    points_possible: assignment.pointsPossible,
    grading_type: assignment.gradingType,
    assignment_group_id: assignment.assignmentGroupId,
    grading_standard_id: null,
    created_at: assignment.createdAt,
    updated_at: assignment.updatedAt,
    peer_reviews: false,
    automatic_peer_reviews: false,
    position: assignment.position,
    grade_group_students_individually: false,
    anonymous_peer_reviews: false,
    group_category_id: null,
    post_to_sis: false,
    moderated_grading: false,
    omit_from_final_grade: false,
    intra_group_peer_reviews: false,
    anonymous_instructor_annotations: false,
    anonymous_grading: false,
    graders_anonymous_to_graders: false,
    grader_count: 0,
    grader_comments_visible_to_graders: true,
    final_grader_id: null,
    grader_names_visible_to_final_grader: true,
    allowed_attempts: -1,
    annotatable_attachment_id: null,
    hide_in_gradebook: false,
    lti_context_id: `demo-assignment-${assignment.id}`,
    course_id: assignment.courseId,
    name: assignment.name,
    submission_types: assignment.submissionTypes,
    has_submitted_submissions: hasSubmitted,
    due_date_required: false,
    max_name_length: 255,
    in_closed_grading_period: false,
    graded_submissions_exist: hasGraded,
    is_quiz_assignment: isQuiz,
    can_duplicate: !isQuiz,
    original_course_id: null,
    original_assignment_id: null,
    original_lti_resource_link_id: null,
    original_assignment_name: null,
    original_quiz_id: null,
    workflow_state: assignment.published ? 'published' : 'unpublished',
    important_dates: false,
    muted: assignment.postManually,
    html_url: `${courseUrl}/assignments/${assignment.id}`,
    has_overrides: false,
    ...(assignment.allowedExtensions.length > 0 ? { allowed_extensions: assignment.allowedExtensions } : {}),
    published: assignment.published,
    unpublishable: !hasSubmitted,
    only_visible_to_overrides: false,
    visible_to_everyone: true,
    locked_for_user: false,
    submissions_download_url: `${courseUrl}/assignments/${assignment.id}/submissions?zip=1`,
    post_manually: assignment.postManually,
    anonymize_students: false,
    require_lockdown_browser: false,
    restrict_quantitative_data: false,
  };
  if (access.canViewAllGrades) {
    json.speed_grader_url = `${courseUrl}/gradebook/speed_grader?assignment_id=${assignment.id}`;
  }
  if (access.canManageGrades) json.needs_grading_count = needsGradingCount(state, assignment);
  if (assignment.rubric) Object.assign(json, rubricFields(assignment.rubric));
  if (assignment.quizId !== null) {
    json.quiz_id = assignment.quizId;
    json.anonymous_submissions = false;
  }
  if (assignment.discussionTopicId !== null && options.withDiscussionTopic !== false) {
    const topic = state.discussionTopics.get(assignment.discussionTopicId);
    if (topic) json.discussion_topic = topicJson(context, topic, access, { withAssignment: false });
  }
  if (options.bucket) json.bucket = options.bucket;
  return json;
}

function rubricFields(rubric: DemoRubric): Record<string, unknown> {
  const pointsPossible = rubric.criteria.reduce((sum, criterion) => sum + criterion.points, 0);
  return {
    use_rubric_for_grading: rubric.useForGrading,
    free_form_criterion_comments: rubric.freeFormCriterionComments,
    rubric: rubric.criteria.map((criterion) => ({
      id: criterion.id,
      points: criterion.points,
      description: criterion.description,
      long_description: criterion.longDescription,
      criterion_use_range: false,
      ratings: criterion.ratings.map((rating) => ({
        id: rating.id,
        points: rating.points,
        description: rating.description,
        long_description: rating.longDescription,
      })),
    })),
    rubric_settings: {
      id: rubric.id,
      title: rubric.title,
      points_possible: pointsPossible,
      free_form_criterion_comments: rubric.freeFormCriterionComments,
      hide_score_total: false,
      hide_points: false,
    },
  };
}
