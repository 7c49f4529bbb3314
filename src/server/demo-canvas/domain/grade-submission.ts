import type { DemoAssignment, DemoLatePolicy, DemoRubricAssessmentEntry, DemoSubmission } from '../model';
import type { DemoCanvasState } from '../state';
import { badRequest } from '../http/canvas-errors';
import { stringParam, type Params } from '../http/params';
import { interpretPostedGrade, scoreToGrade } from './grade-interpretation';
import { iso } from '../time';
import { pointsDeductedFor } from './late-policy';
import { latenessOf } from './submission-rules';

export interface GradeRequest {
  submission: Params | undefined;
  rubricAssessment: Params | undefined;
  comment: Params | undefined;
}

/**
 * `SubmissionsApiController#update` after the lookups and permission check, in Canvas's order:
 * grade or excuse, then the rubric assessment, then the comment. Like Canvas, a bad rubric
 * assessment is refused after the grade was already saved.
 */
export function gradeSubmission(
  state: DemoCanvasState,
  assignment: DemoAssignment,
  submission: DemoSubmission,
  request: GradeRequest,
  graderId: number,
  now: Date,
): void {
  const postedGrade = request.submission ? stringParam(request.submission, 'posted_grade') : undefined;
  const excuse = request.submission ? stringParam(request.submission, 'excuse') : undefined;
  const isExcusing = excuse !== undefined && isTrue(excuse);
  // Canvas applies the course's late policy to a grade entered on a late submission.
  const lateness = latenessOf(submission, assignment, now);
  const late = {
    policy: state.courses.get(assignment.courseId)?.latePolicy ?? null,
    secondsLate: lateness.late ? lateness.secondsLate : 0,
  };
  if (postedGrade !== undefined && postedGrade !== '' && isExcusing) {
    throw badRequest({ error: 'Cannot simultaneously grade and excuse an assignment' });
  }
  if (isExcusing) {
    Object.assign(submission, {
      excused: true,
      score: null,
      grade: null,
      workflowState: 'graded',
      gradedAt: iso(now),
      graderId,
    });
  } else if (excuse !== undefined && submission.excused) {
    submission.excused = false;
  }
  if (postedGrade !== undefined) {
    const interpreted = interpretPostedGrade(assignment, postedGrade);
    if (interpreted.kind === 'clear') clearGrade(submission);
    else if (interpreted.score !== null) applyScore(submission, assignment, interpreted.score, graderId, now, late);
  }

  if (request.rubricAssessment && assignment.rubric) {
    const rubric = assignment.rubric;
    const assessed = rubric.criteria.filter((criterion) => isObject(request.rubricAssessment?.[criterion.id]));
    if (assessed.length === 0) throw badRequest({ message: 'invalid rubric_assessment' });
    const assessment: Record<string, DemoRubricAssessmentEntry> = { ...(submission.rubricAssessment ?? {}) };
    for (const criterion of assessed) {
      const entry = request.rubricAssessment[criterion.id] as Params;
      const points = stringParam(entry, 'points');
      assessment[criterion.id] = {
        ratingId: stringParam(entry, 'rating_id') || null,
        comments: stringParam(entry, 'comments') ?? assessment[criterion.id]?.comments ?? '',
        points: points === undefined || points.trim() === '' || Number.isNaN(Number(points)) ? null : Number(points),
      };
    }
    submission.rubricAssessment = assessment;
    if (rubric.useForGrading && postedGrade === undefined) {
      // Criteria marked ignore_for_scoring are assessed but not counted.
      const total = rubric.criteria
        .filter((criterion) => !criterion.ignoreForScoring)
        .reduce((sum, criterion) => sum + (assessment[criterion.id]?.points ?? 0), 0);
      applyScore(submission, assignment, total, graderId, now, late);
    }
  }

  const text = request.comment ? stringParam(request.comment, 'text_comment') : undefined;
  if (text !== undefined && text.trim() !== '') {
    const attempt = request.comment ? stringParam(request.comment, 'attempt') : undefined;
    submission.comments.push({
      id: state.nextId('comment'),
      authorId: graderId,
      comment: text,
      createdAt: iso(now),
      attempt: attempt && /^\d+$/.test(attempt) ? Number(attempt) : null,
    });
  }
}

/**
 * Sets a score the way `save_grade_to_submission` does: on a late submission the late policy's
 * deduction comes off the score entered (`entered_score` keeps it, `points_deducted` says how much).
 */
export function applyScore(
  submission: DemoSubmission,
  assignment: DemoAssignment,
  entered: number,
  graderId: number,
  now: Date,
  late: { policy: DemoLatePolicy | null; secondsLate: number } = { policy: null, secondsLate: 0 },
): void {
  const deducted = pointsDeductedFor(late.policy, assignment, entered, late.secondsLate);
  const score = Math.round((entered - deducted) * 100) / 100;
  const grade = scoreToGrade(assignment, score);
  submission.enteredScore = entered;
  submission.pointsDeducted = deducted > 0 ? deducted : null;
  submission.score = score;
  submission.grade = grade;
  submission.excused = false;
  submission.gradedAt = iso(now);
  submission.graderId = graderId;
  submission.gradeMatchesCurrentSubmission = true;
  if (grade !== null) submission.workflowState = 'graded';
  if (!assignment.postManually) submission.postedAt = iso(now);
}

function clearGrade(submission: DemoSubmission): void {
  submission.score = null;
  submission.enteredScore = null;
  submission.pointsDeducted = null;
  submission.grade = null;
  submission.gradedAt = null;
  submission.gradeMatchesCurrentSubmission = true;
  submission.workflowState = submission.submissionType === null ? 'unsubmitted' : 'submitted';
}

function isTrue(value: string): boolean {
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
