import type { DemoAssignment, DemoQuizSubmission } from '../model';
import type { DemoCanvasState } from '../state';
import { requestError } from '../http/canvas-errors';
import { objectParam, stringParam, type ParamValue, type Params } from '../http/params';
import { applyScore } from './grade-submission';

const UNSIGNED_DECIMAL = /^\d*\.?\d+$/;

/**
 * `PUT .../quizzes/:quiz_id/submissions/:id` as `QuizSubmissionService#update_scores` does it:
 * validate everything first, then set each question's points and comment, recompute the score
 * (sum of points plus fudge points), the workflow state and the linked assignment submission.
 */
export function updateQuizScores(
  state: DemoCanvasState,
  quizSubmission: DemoQuizSubmission,
  quizSubmissionsParam: ParamValue | undefined,
  graderId: number,
  now: Date,
): void {
  if (!Array.isArray(quizSubmissionsParam)) throw requestError(400, 'missing required key :quiz_submissions');
  const update = quizSubmissionsParam[0];
  const params: Params = typeof update === 'object' && !Array.isArray(update) ? update : {};

  const attempt = stringParam(params, 'attempt');
  if (attempt === undefined || Number(attempt) !== quizSubmission.attempt) throw requestError(400, 'invalid attempt');
  if (quizSubmission.finishedAt === null) throw requestError(400, 'quiz submission attempt must be complete');

  const questions = objectParam(params, 'questions') ?? {};
  const changes = Object.entries(questions).map(([questionId, change]) => {
    const changeParams: Params = typeof change === 'object' && !Array.isArray(change) ? change : {};
    const score = stringParam(changeParams, 'score');
    if (score !== undefined && score !== '' && !UNSIGNED_DECIMAL.test(score.trim())) {
      throw requestError(400, 'question score must be an unsigned decimal');
    }
    return { questionId: Number(questionId), score, comment: stringParam(changeParams, 'comment') };
  });
  const fudge = stringParam(params, 'fudge_points');

  for (const change of changes) {
    const result = quizSubmission.results.find((r) => r.questionId === change.questionId);
    if (!result) continue;
    if (change.score === '') {
      result.points = 0;
      result.correct = 'undefined';
    } else if (change.score !== undefined) {
      result.points = Number(change.score);
      if (result.correct === 'undefined') result.correct = 'defined';
    }
    // Absent leaves the comment alone; an empty string clears it.
    if (change.comment !== undefined) result.moreComments = change.comment === '' ? null : change.comment;
  }
  if (fudge !== undefined)
    quizSubmission.fudgePoints = fudge.trim() === '' || Number.isNaN(Number(fudge)) ? null : Number(fudge);

  const total = quizSubmission.results.reduce((sum, r) => sum + r.points, 0) + (quizSubmission.fudgePoints ?? 0);
  quizSubmission.score = Math.round(total * 100) / 100;
  quizSubmission.keptScore = quizSubmission.score;
  const isPending = quizSubmission.results.some((r) => r.correct === 'undefined');
  quizSubmission.workflowState = isPending ? 'pending_review' : 'complete';

  const submission =
    quizSubmission.submissionId === null ? undefined : state.submissions.get(quizSubmission.submissionId);
  const assignment: DemoAssignment | undefined = submission
    ? state.assignments.get(submission.assignmentId)
    : undefined;
  if (submission && assignment) {
    applyScore(submission, assignment, quizSubmission.keptScore, graderId, now);
    if (isPending) submission.workflowState = 'pending_review';
  }
}
