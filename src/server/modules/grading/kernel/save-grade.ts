import type { SaveGradeRequest } from '@/shared/schemas/grading';
import {
  approveGrade,
  checkStored,
  describeStored,
  formatGradeNumber,
  isAboveMaximum,
  MODERATED_REFUSAL,
  postedGradeFor,
  toGradingType,
  type ApprovedGrade as ApprovedChoice,
} from '@/shared/grading-rules';
import { ratingForPoints } from '@/shared/rubric-shapes';
import { ANONYMOUS_TOPIC_REFUSAL, isAnonymousStudentKey } from '@/shared/anonymous-students';
import { AppError, isAppError } from '@/server/core/app-error';
import type { CanvasAssignment, CanvasClient, CanvasGradeInput, CanvasSubmission } from '@/server/adapters/canvas';
import type { GradeSave, UndoRecord } from './grade-save-store';
import type { PaidCanvasWrite } from './spend-credit-on-canvas';

/** The spec's save messages (part 2 §8) by Canvas failure. */
const CANVAS_SAVE_MESSAGES: Partial<Record<string, string>> = {
  CANVAS_NOT_FOUND: 'Assignment or student not found. Please check if the assignment accepts submissions.',
  CANVAS_PERMISSION: 'Permission denied. Please check your Canvas permissions for grading.',
  CANVAS_UNPROCESSABLE: 'Invalid grade format. Please check the grade value and try again.',
};

export type SaveGradeTarget = { courseId: number; assignmentId: number; userId: number };

/**
 * What the teacher approved for one student: the grade (a score, or complete/incomplete for a
 * pass/fail assignment), whether a grade above the maximum was confirmed, the comment and, with a
 * rubric, its ratings.
 */
export type ApprovedGrade = Pick<
  SaveGradeRequest,
  'grade' | 'completion' | 'allowAboveMaximum' | 'comment' | 'rubricAssessment'
>;

/**
 * Canvas's answer and, in the teacher's words, what Canvas stored ("17 / 20", "Complete"); the
 * comment this save wrote, and what Canvas held before it, for Undo (decision 051).
 */
export type SavedGrade = { submission: CanvasSubmission; stored: string; commentId: number | null; undo: UndoRecord };

/**
 * The paid write of an approved grade in the assignment's own terms (points, percent, letter, GPA,
 * complete/incomplete, or none; decision 021), for saveApprovedGrade. The grade is checked before
 * any credit is reserved; grade, comment and rubric assessment then go to Canvas in one PUT, and
 * Canvas's answer is read back: when it did not store what was approved, the credit is given back
 * and the teacher is told what Canvas holds.
 */
export async function gradeWriteFor(
  client: CanvasClient,
  target: SaveGradeTarget,
  approved: ApprovedGrade,
  known: { assignment?: CanvasAssignment; previous?: GradeSave | null } = {},
): Promise<PaidCanvasWrite<SavedGrade>> {
  const assignment = known.assignment ?? (await readAssignment(client, target));
  assertNotModerated(assignment);
  const gradingType = toGradingType(assignment.gradingType);
  const pointsPossible = assignment.pointsPossible ?? 0;
  const choice = approveGrade(gradingType, { score: approved.grade, completion: approved.completion }, pointsPossible);
  if ('error' in choice) throw new AppError('VALIDATION', choice.error, { details: { field: 'grade' } });
  assertWithinMaximum(choice, pointsPossible, approved.allowAboveMaximum);
  const postedGrade = postedGradeFor(choice, pointsPossible);
  if (postedGrade === null && !approved.comment.trim() && !approved.rubricAssessment) {
    throw new AppError('VALIDATION', 'This assignment is not graded in Canvas: write feedback to send it.', {
      details: { field: 'comment' },
    });
  }

  const input: CanvasGradeInput = {};
  if (postedGrade !== null) input.postedGrade = postedGrade;
  if (approved.comment.trim()) input.comment = approved.comment;
  if (approved.rubricAssessment) input.rubricAssessment = rubricAssessmentFor(assignment, approved.rubricAssessment);
  return {
    recordId: `${target.courseId}/${target.assignmentId}/${target.userId}`,
    tableName: 'canvas_submissions',
    values: {
      grade: approved.grade,
      posted_grade: postedGrade,
      grading_type: gradingType,
      comment: approved.comment,
      course_id: target.courseId,
      assignment_id: target.assignmentId,
      student_id: target.userId,
      rubric_used: approved.rubricAssessment !== null,
    },
    failureValues: { attempted_grade: approved.grade },
    actions: { saved: 'GRADE_SUBMISSION', refused: 'GRADE_SUBMISSION_FAILED', failed: 'GRADE_SUBMISSION_ERROR' },
    write: async () => {
      const { courseId, assignmentId, userId } = target;
      // What Canvas holds now, for Undo: the grade as entered (before any late deduction) and our comment.
      const before = await client.getSubmission(courseId, assignmentId, userId);
      // Canvas edits comments by user id only: on an anonymous student a re-save posts its comment again.
      const earlier = isAnonymousStudentKey(userId) ? null : (known.previous?.commentId ?? null);
      const earlierComment = earlier === null ? undefined : before.comments.find((comment) => comment.id === earlier);
      // A re-save edits the comment Margin posted before instead of posting a second (decision 051).
      const isEdit = input.comment !== undefined && earlierComment !== undefined;
      let submission = await client.gradeSubmission(
        courseId,
        assignmentId,
        userId,
        isEdit ? { ...input, comment: undefined } : input,
      );
      if (input.rubricAssessment) {
        // Canvas's answer to the PUT leaves the rubric assessment out: read it back to check it.
        const after = await client.getSubmission(courseId, assignmentId, userId);
        submission = { ...submission, rubricAssessment: after.rubricAssessment };
      }
      let commentId: number | null = earlierComment?.id ?? null;
      let undoComment: UndoRecord['comment'] = null;
      if (isEdit && earlierComment && input.comment !== undefined) {
        const edited = await client.editSubmissionComment(
          courseId,
          assignmentId,
          userId,
          earlierComment.id,
          input.comment,
        );
        submission = {
          ...submission,
          comments: submission.comments.map((comment) => (comment.id === edited.id ? edited : comment)),
        };
        undoComment = { was: 'edited', id: earlierComment.id, text: earlierComment.comment };
      } else if (input.comment !== undefined) {
        const posted = submission.comments.filter((comment) => comment.comment === input.comment).at(-1);
        commentId = posted?.id ?? null;
        if (posted) undoComment = { was: 'new', id: posted.id };
      }
      return {
        submission,
        stored: describeStoredAfterLateness(gradingType, submission, assignment.pointsPossible),
        commentId,
        undo: { postedGrade: before.workflowState === 'graded' ? before.enteredGrade : null, comment: undoComment },
      };
    },
    // Read back what Canvas stored: a 200 does not mean the grade was kept.
    // A late policy's deduction is Canvas's own: what was entered is compared, not the score after it.
    verify: ({ submission }) => {
      const check = checkStored(choice, asEntered(submission));
      const rubricMiss = input.rubricAssessment
        ? rubricNotStored(assignment, input.rubricAssessment, submission)
        : null;
      if (check.ok && rubricMiss) {
        return {
          message: `Canvas stored the grade but not the rubric: ${rubricMiss}. No credit was used; check the rubric in Canvas.`,
          details: { sent: postedGrade, score: submission.score, grade: submission.grade, rubric: 'not_stored' },
        };
      }
      if (check.ok) return null;
      const commentLanded =
        Boolean(input.comment) && submission.comments.some((comment) => comment.comment === input.comment);
      return {
        message:
          `Canvas did not store this grade: you sent ${postedGrade ?? 'no grade'} and ${check.reason}. No credit was used.` +
          (commentLanded ? ' Your feedback comment was added in Canvas.' : ''),
        details: { sent: postedGrade, score: submission.score, grade: submission.grade },
      };
    },
    notStored: { code: 'CANVAS_NOT_STORED', action: 'GRADE_NOT_STORED' },
    savedValues: ({ submission }) => ({
      score: submission.score,
      stored_grade: submission.grade,
      excused: submission.excused,
    }),
    refusalMessage: (refusal) => CANVAS_SAVE_MESSAGES[refusal.code] ?? `Failed to save grade: ${refusal.userMessage}`,
    errorMessage: 'An unexpected error occurred while saving the grade',
  };
}

/**
 * The rubric assessment as Canvas takes it: points and comments per criterion, and the rating the
 * points stand on (on a range criterion, the rating whose range holds them); points between the
 * ratings of a plain criterion go without a rating. A criterion the rubric no longer has is refused
 * before anything is written.
 */
function rubricAssessmentFor(
  assignment: CanvasAssignment,
  items: NonNullable<ApprovedGrade['rubricAssessment']>,
): NonNullable<CanvasGradeInput['rubricAssessment']> {
  const criteria = new Map((assignment.rubric ?? []).map((criterion) => [criterion.id, criterion]));
  return Object.fromEntries(
    items.map((item) => {
      const criterion = criteria.get(item.criterionId);
      if (!criterion) {
        throw new AppError(
          'VALIDATION',
          "This assignment's rubric changed in Canvas since the page was opened. Reload the page and save again.",
          { details: { field: 'rubricAssessment', reason: 'unknown_criterion' } },
        );
      }
      const rating = ratingForPoints({ use_range: criterion.useRange, ratings: criterion.ratings }, item.points);
      return [item.criterionId, { points: item.points, ratingId: rating?.id ?? null, comments: item.comments }];
    }),
  );
}

/** What of the rubric Canvas did not keep, in the teacher's words; null when it kept all of it. */
function rubricNotStored(
  assignment: CanvasAssignment,
  sent: NonNullable<CanvasGradeInput['rubricAssessment']>,
  submission: CanvasSubmission,
): string | null {
  for (const [criterionId, entry] of Object.entries(sent)) {
    const stored = submission.rubricAssessment?.[criterionId];
    const name = assignment.rubric?.find((criterion) => criterion.id === criterionId)?.description ?? criterionId;
    const sentPoints = entry.points ?? null;
    const storedPoints = stored?.points ?? null;
    if (sentPoints !== null && (storedPoints === null || Math.abs(storedPoints - sentPoints) > 0.001)) {
      return `you sent ${formatGradeNumber(sentPoints)} points for "${name}" and Canvas holds ${storedPoints === null ? 'none' : formatGradeNumber(storedPoints)}`;
    }
    if ((entry.comments ?? '').trim() !== (stored?.comments ?? '').trim()) {
      return `your comment on "${name}" is not the one Canvas holds`;
    }
  }
  return null;
}

/** "70 / 100", or "70 / 100, 60 after Canvas's late deduction of 10" when the late policy took points off. */
function describeStoredAfterLateness(
  gradingType: ReturnType<typeof toGradingType>,
  submission: CanvasSubmission,
  pointsPossible: number | null,
): string {
  const entered = describeStored(gradingType, asEntered(submission), pointsPossible);
  if (!submission.pointsDeducted || submission.score === null) return entered;
  return `${entered}, ${formatGradeNumber(submission.score)} after Canvas's late deduction of ${formatGradeNumber(submission.pointsDeducted)}`;
}

/** The grade as the teacher entered it, before Canvas's late deduction. */
function asEntered(submission: CanvasSubmission): CanvasSubmission {
  return { ...submission, score: submission.enteredScore, grade: submission.enteredGrade };
}

/** A moderated assignment's grades are provisional: refused before any credit is reserved (decision 058). */
export function assertNotModerated(assignment: CanvasAssignment): void {
  if (assignment.moderatedGrading) {
    throw new AppError('FORBIDDEN', MODERATED_REFUSAL, { details: { reason: 'moderated_grading' } });
  }
}

/**
 * A discussion or quiz graded anonymously in Canvas: their screens name the participants and their
 * saves go by user id, so Margin refuses before anything is drafted or a credit reserved (decision 067).
 */
export function assertNotAnonymousTopic(assignment: Pick<CanvasAssignment, 'anonymousGrading'> | null): void {
  if (assignment?.anonymousGrading) {
    throw new AppError('FORBIDDEN', ANONYMOUS_TOPIC_REFUSAL, { details: { reason: 'anonymous_grading' } });
  }
}

/** The assignment's grading type and points, with a refusal worded as a save refusal. */
async function readAssignment(client: CanvasClient, target: SaveGradeTarget): Promise<CanvasAssignment> {
  try {
    return await client.getAssignment(target.courseId, target.assignmentId);
  } catch (error) {
    const message = isAppError(error) ? CANVAS_SAVE_MESSAGES[error.code] : undefined;
    if (isAppError(error) && message) throw new AppError(error.code, message, { cause: error, details: error.details });
    throw error;
  }
}

/** A grade above the points possible is saved as typed only once the teacher confirmed it; it is never capped quietly. */
function assertWithinMaximum(choice: ApprovedChoice, pointsPossible: number, isConfirmed: boolean): void {
  if (!('score' in choice) || pointsPossible <= 0 || isConfirmed) return;
  if (isAboveMaximum(choice.score, pointsPossible)) {
    throw new AppError(
      'VALIDATION',
      `${formatGradeNumber(choice.score)} is more than the ${formatGradeNumber(pointsPossible)} points possible. Confirm it as extra credit to save it as typed.`,
      { details: { field: 'grade', reason: 'above_maximum', pointsPossible } },
    );
  }
}
