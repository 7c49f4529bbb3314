import { isSubmissionWaitingForGrade, type GradingSubmission } from '@/shared/schemas/grading';

/** The student list's order: Canvas's, or the drafts least sure of their grade first (decision 053). */
export const studentOrders = ['canvas', 'least-sure'] as const;
export type StudentOrder = (typeof studentOrders)[number];
/**
 * Who the list shows and Next, Save & Next and J/K reach: one choice (decision 059). Only those
 * whose work waits for a grade unless she chose everyone (`?walk=everyone`, decision 050).
 */
export const studentShows = ['waiting', 'everyone'] as const;
export type StudentShow = (typeof studentShows)[number];

export const ORDER_LABELS: Record<StudentOrder, string> = { canvas: 'Canvas order', 'least-sure': 'Least sure first' };
export const SHOW_LABELS: Record<StudentShow, string> = { waiting: 'Waiting for a grade', everyone: 'Everyone' };

export function parseOrder(value: string | null): StudentOrder {
  return value === 'least-sure' ? 'least-sure' : 'canvas';
}

/** From the walk's URL parameter (`walk`): everyone only when she chose it. */
export function parseShow(walk: string | null): StudentShow {
  return walk === 'everyone' ? 'everyone' : 'waiting';
}

/** Work handed in, not excused, not yet graded: the same rule as the walk's (decision 050). */
export const isWaiting = isSubmissionWaitingForGrade;

/**
 * The list the teacher walks: with "least sure first", the drafted students by how unsure their
 * draft's grade is (least sure first), then the undrafted in Canvas order; with "only those
 * waiting", the ones graded or with nothing to grade are left out, except the student open now (a
 * save must not pull the list from under her). `uncertaintyOf` gives null for a student without a
 * draft that measured it.
 */
export function arrangeStudents(
  submissions: readonly GradingSubmission[],
  choice: {
    order: StudentOrder;
    show: StudentShow;
    uncertaintyOf: (userId: number) => number | null;
    openUserId: number | null;
  },
): GradingSubmission[] {
  const shown =
    choice.show === 'waiting'
      ? submissions.filter((submission) => isWaiting(submission) || submission.user_id === choice.openUserId)
      : [...submissions];
  if (choice.order === 'canvas') return shown;
  const place = new Map(shown.map((submission, index) => [submission.user_id, index]));
  return shown.sort((a, b) => {
    const ua = choice.uncertaintyOf(a.user_id);
    const ub = choice.uncertaintyOf(b.user_id);
    if (ua !== null && ub !== null && ua !== ub) return ub - ua;
    if (ua !== null && ub === null) return -1;
    if (ua === null && ub !== null) return 1;
    return place.get(a.user_id)! - place.get(b.user_id)!;
  });
}
