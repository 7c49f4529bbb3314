import type {
  DemoAssignment,
  DemoAttachment,
  DemoQuizSubmission,
  DemoSubmission,
  DemoSubmissionComment,
} from '../model';
import type { CourseAccess } from '../domain/permissions';
import { latenessOf } from '../domain/submission-rules';
import { anonymizesStudents, anonymousIdOf } from '../domain/anonymous-ids';
import { scoreToGrade } from '../domain/grade-interpretation';
import type { RenderContext } from './render-context';
import { assignmentJson } from './assignment-and-topic';
import { userDisplayJson, userJson } from './users';

/** A SubmissionComment as Canvas answers it (in a submission, and from the comment edit and delete endpoints). */
export function submissionCommentJson(
  context: RenderContext,
  comment: DemoSubmissionComment,
  courseId: number,
  hiddenAuthorId: number | null = null,
): Record<string, unknown> {
  // On an anonymised assignment the student's own comments name nobody.
  if (comment.authorId === hiddenAuthorId) {
    return {
      id: comment.id,
      author_id: null,
      author_name: 'Anonymous User',
      created_at: comment.createdAt,
      edited_at: comment.editedAt ?? null,
      comment: comment.comment,
      attempt: comment.attempt,
      avatar_path: '/images/messages/avatar-50.png',
      author: {},
    };
  }
  const author = context.state.users.get(comment.authorId);
  return {
    id: comment.id,
    author_id: comment.authorId,
    author_name: author?.name ?? 'Anonymous User',
    created_at: comment.createdAt,
    edited_at: comment.editedAt ?? null,
    comment: comment.comment,
    attempt: comment.attempt,
    avatar_path: '/images/messages/avatar-50.png',
    author: author ? userDisplayJson(context, author, courseId) : {},
  };
}

/** `submission_json` with the includes the read endpoints accept (user, comments, rubric assessment...). */
export function submissionJson(
  context: RenderContext,
  submission: DemoSubmission,
  assignment: DemoAssignment,
  access: CourseAccess,
  includes: ReadonlySet<string>,
): Record<string, unknown> {
  const { state } = context;
  const json = attemptJson(context, submission, assignment);
  if (includes.has('submission_history')) json.submission_history = historyJson(context, submission, assignment);
  if (includes.has('submission_comments')) {
    json.submission_comments = submission.comments.map((comment) =>
      submissionCommentJson(
        context,
        comment,
        assignment.courseId,
        anonymizesStudents(assignment) ? submission.userId : null,
      ),
    );
  }
  if (includes.has('rubric_assessment') && submission.rubricAssessment) {
    json.rubric_assessment = Object.fromEntries(
      Object.entries(submission.rubricAssessment).map(([criterionId, entry]) => [
        criterionId,
        { rating_id: entry.ratingId, comments: entry.comments, points: entry.points },
      ]),
    );
  }
  if (includes.has('user') && !anonymizesStudents(assignment)) {
    const user = state.users.get(submission.userId);
    if (user) json.user = userJson(context, user);
  }
  if (includes.has('assignment')) json.assignment = assignmentJson(context, assignment, access);
  return json;
}

/** The fields every submission (and every history version) has. */
function attemptJson(
  context: RenderContext,
  submission: DemoSubmission,
  assignment: DemoAssignment,
): Record<string, unknown> {
  const { baseUrl } = context;
  const lateness = latenessOf(submission, assignment, context.now);
  const isQuiz = submission.submissionType === 'online_quiz';
  const enteredScore = submission.enteredScore ?? submission.score;
  const json: Record<string, unknown> = {
    id: submission.id,
    body: isQuiz ? null : submission.body,
    url: submission.url,
    grade: submission.grade,
    score: submission.score,
    submitted_at: submission.submittedAt,
    assignment_id: submission.assignmentId,
    user_id: submission.userId,
    submission_type: submission.submissionType,
    workflow_state: submission.workflowState,
    grade_matches_current_submission: submission.gradeMatchesCurrentSubmission,
    graded_at: submission.gradedAt,
    grader_id: submission.graderId,
    attempt: submission.attempt,
    cached_due_date: assignment.dueAt,
    excused: submission.excused,
    late_policy_status: submission.latePolicyStatus,
    points_deducted: submission.pointsDeducted ?? null,
    grading_period_id: null,
    extra_attempts: null,
    posted_at: submission.postedAt,
    redo_request: false,
    custom_grade_status_id: null,
    sticker: null,
    late: lateness.late,
    missing: lateness.missing,
    seconds_late: lateness.secondsLate,
    entered_grade: enteredScore === null ? submission.grade : scoreToGrade(assignment, enteredScore),
    entered_score: enteredScore,
    preview_url: `${baseUrl}/courses/${assignment.courseId}/assignments/${assignment.id}/submissions/${submission.userId}?preview=1&version=${submission.attempt ?? 0}`,
  };
  const attachments = submission.attachmentIds
    .map((id) => context.state.attachments.get(id))
    .filter((attachment) => attachment !== undefined);
  if (attachments.length > 0) json.attachments = attachments.map((a) => attachmentJson(context, a));
  if (anonymizesStudents(assignment)) {
    // Graders of an anonymised assignment get the anonymous id instead of the user (§ Posting, late, anonymous).
    delete json.user_id;
    json.anonymous_id = anonymousIdOf(submission);
    json.preview_url = `${baseUrl}/courses/${assignment.courseId}/assignments/${assignment.id}/anonymous_submissions/${anonymousIdOf(submission)}?preview=1&version=${submission.attempt ?? 0}`;
  }
  if (submission.submissionType === 'discussion_topic' && assignment.discussionTopicId !== null) {
    json.discussion_entries = context.state
      .entriesOf(assignment.discussionTopicId)
      .filter((entry) => entry.userId === submission.userId && !entry.deleted)
      .map((entry) => ({
        id: entry.id,
        user_id: entry.userId,
        parent_id: entry.parentId,
        created_at: entry.createdAt,
        updated_at: entry.updatedAt,
        rating_count: null,
        rating_sum: null,
        user_name: context.state.users.get(entry.userId)?.name ?? null,
        message: entry.message,
        read_state: 'read',
        forced_read_state: false,
      }));
  }
  return json;
}

/**
 * `submission_history`: one version per attempt. For classic quizzes each version is built from
 * the quiz submission and carries `submission_data`, the per-question results.
 */
function historyJson(
  context: RenderContext,
  submission: DemoSubmission,
  assignment: DemoAssignment,
): Record<string, unknown>[] {
  const current = attemptJson(context, submission, assignment);
  const quizSubmission =
    submission.quizSubmissionId === null ? undefined : context.state.quizSubmissions.get(submission.quizSubmissionId);
  if (!quizSubmission) return submission.attempt === null ? [] : [current];
  return [
    {
      ...current,
      body: null,
      submitted_at: quizSubmission.finishedAt,
      submission_data: submissionDataJson(quizSubmission),
    },
  ];
}

export function submissionDataJson(quizSubmission: DemoQuizSubmission): Record<string, unknown>[] {
  return quizSubmission.results.map((result) => ({
    correct: result.correct,
    points: result.points,
    question_id: result.questionId,
    ...(result.answerId !== null ? { answer_id: result.answerId } : {}),
    text: result.text,
    ...(result.moreComments !== null ? { more_comments: result.moreComments } : {}),
  }));
}

/** `attachment_json`; `size` is the generated file's byte length (made before serializing). */
export function attachmentJson(context: RenderContext, attachment: DemoAttachment): Record<string, unknown> {
  const size = context.state.attachmentBytes.get(attachment.id)?.byteLength ?? 0;
  return {
    id: attachment.id,
    uuid: attachment.uuid,
    folder_id: 88,
    display_name: attachment.displayName,
    filename: attachment.filename,
    upload_status: 'success',
    'content-type': attachment.contentType,
    url: `${context.baseUrl}/files/${attachment.id}/download?download_frd=1&verifier=${attachment.verifier}`,
    size,
    created_at: attachment.createdAt,
    updated_at: attachment.createdAt,
    unlock_at: null,
    locked: false,
    hidden: false,
    lock_at: null,
    hidden_for_user: false,
    thumbnail_url: null,
    modified_at: attachment.createdAt,
    mime_class: mimeClassOf(attachment.contentType),
    media_entry_id: null,
    category: 'uncategorized',
    locked_for_user: false,
    preview_url: null,
  };
}

function mimeClassOf(contentType: string): string {
  if (contentType === 'application/pdf') return 'pdf';
  if (contentType.includes('wordprocessingml')) return 'doc';
  if (contentType.startsWith('text/')) return 'text';
  return 'file';
}
