// An assignment embeds its discussion topic and a graded topic embeds its assignment, as Canvas
// does; both builders live here so that neither file imports the other.
import type { DemoAssignment, DemoDiscussionTopic, DemoRubric } from '../model';
import type { CourseAccess } from '../domain/permissions';
import type { DemoCanvasState } from '../state';
import { needsGradingCount } from '../domain/needs-grading';
import type { RenderContext } from './render-context';
import { unreadEntriesOf } from './discussions';
import { userDisplayJson } from './users';

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
    moderated_grading: assignment.moderatedGrading ?? false,
    omit_from_final_grade: false,
    intra_group_peer_reviews: false,
    anonymous_instructor_annotations: false,
    anonymous_grading: assignment.anonymousGrading ?? false,
    graders_anonymous_to_graders: false,
    grader_count: assignment.moderatedGrading ? 2 : 0,
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
    // True while the grades are hidden: the demo never posts them.
    anonymize_students: assignment.anonymousGrading ?? false,
    require_lockdown_browser: false,
    restrict_quantitative_data: false,
  };
  if (access.canViewAllGrades) {
    json.speed_grader_url = `${courseUrl}/gradebook/speed_grader?assignment_id=${assignment.id}`;
  }
  if (access.canManageGrades) json.needs_grading_count = needsGradingCount(state, assignment);
  if (assignment.rubric) Object.assign(json, rubricFields(state, assignment.rubric));
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

function rubricFields(state: DemoCanvasState, rubric: DemoRubric): Record<string, unknown> {
  const pointsPossible = rubric.criteria
    .filter((criterion) => !criterion.ignoreForScoring)
    .reduce((sum, criterion) => sum + criterion.points, 0);
  return {
    use_rubric_for_grading: rubric.useForGrading,
    free_form_criterion_comments: rubric.freeFormCriterionComments,
    // `row.slice(:id, :points, :description, :long_description, :ignore_for_scoring)`: the flag only when stored.
    rubric: rubric.criteria.map((criterion) => {
      const outcome = criterion.outcomeId ? state.outcomes.get(criterion.outcomeId) : undefined;
      return {
        id: criterion.id,
        points: criterion.points,
        description: criterion.description,
        long_description: criterion.longDescription,
        ...(criterion.ignoreForScoring ? { ignore_for_scoring: true } : {}),
        criterion_use_range: criterion.useRange ?? false,
        ratings: criterion.ratings.map((rating) => ({
          id: rating.id,
          points: rating.points,
          description: rating.description,
          long_description: rating.longDescription,
        })),
        ...(outcome ? { outcome_id: outcome.id, vendor_guid: outcome.vendorGuid } : {}),
      };
    }),
    rubric_settings: {
      id: rubric.id,
      title: rubric.title,
      points_possible: pointsPossible,
      free_form_criterion_comments: rubric.freeFormCriterionComments,
      hide_score_total: false,
      hide_points: rubric.hidePoints ?? false,
    },
  };
}

/**
 * A discussion topic. There is no `is_assignment`: a graded topic has an `assignment_id` and the
 * full assignment embedded.
 */
export function topicJson(
  context: RenderContext,
  topic: DemoDiscussionTopic,
  access: CourseAccess,
  options: { withAssignment?: boolean } = {},
): Record<string, unknown> {
  const { state, baseUrl } = context;
  const entries = state.entriesOf(topic.id).filter((entry) => !entry.deleted);
  const author = state.users.get(topic.authorId);
  const lastReplyAt = entries.reduce<string | null>(
    (latest, e) => (latest === null || e.createdAt > latest ? e.createdAt : latest),
    null,
  );
  const url = `${baseUrl}/courses/${topic.courseId}/discussion_topics/${topic.id}`;
  const json: Record<string, unknown> = {
    id: topic.id,
    title: topic.title,
    last_reply_at: lastReplyAt,
    created_at: topic.createdAt,
    delayed_post_at: null,
    posted_at: topic.postedAt,
    assignment_id: topic.assignmentId,
    root_topic_id: null,
    position: topic.position,
    podcast_has_student_posts: false,
    discussion_type: topic.discussionType,
    lock_at: null,
    allow_rating: false,
    only_graders_can_rate: false,
    sort_by_rating: false,
    is_section_specific: false,
    anonymous_state: null,
    summary_enabled: false,
    user_name: author?.name ?? null,
    discussion_subentry_count: entries.length,
    permissions: {
      attach: true,
      update: access.canManageContent,
      reply: true,
      delete: access.canManageContent,
      manage_assign_to: access.canManageContent,
    },
    require_initial_post: topic.requireInitialPost,
    user_can_see_posts: true,
    podcast_url: null,
    read_state: 'read',
    unread_count: unreadEntriesOf(context, topic).length,
    subscribed: true,
    attachments: [],
    published: topic.published,
    can_unpublish: entries.length === 0,
    locked: topic.locked,
    can_lock: access.canManageContent,
    comments_disabled: false,
    author: author ? userDisplayJson(context, author, topic.courseId) : null,
    html_url: url,
    url,
    pinned: topic.pinned,
    group_category_id: null,
    can_group: entries.length === 0,
    topic_children: [],
    group_topic_children: [],
    locked_for_user: false,
    message: topic.message,
    todo_date: null,
    is_announcement: false,
    sort_order: 'desc',
    sort_order_locked: false,
    expanded: false,
    expanded_locked: false,
  };
  if (topic.assignmentId === null) {
    json.ungraded_discussion_overrides = [];
  } else if (options.withAssignment !== false) {
    const assignment = state.assignments.get(topic.assignmentId);
    if (assignment) json.assignment = assignmentJson(context, assignment, access, { withDiscussionTopic: false });
  }
  return json;
}
