/**
 * What the save bar says after a save or a draft, on every grading screen (decision 032). One
 * result is shown at a time, and a new one takes the place of the old. A save that failed is the
 * exception: it holds the only copy of the teacher's grade, so it is never dropped unseen. It stays
 * until the teacher dismisses it or saves that student again; when a newer result comes first, it
 * waits below it as a reminder (with the way back to the student: see save-status.tsx).
 */

export type StatusTone = 'pending' | 'success' | 'warning' | 'error';

export type GradingStatus = {
  tone: StatusTone;
  /** The spec's text for this result (part 2 §8). */
  title: string;
  /** Who and what: "Esther Baker: Canvas stored: 77 / 100." */
  description?: string;
  /** Which form it is about (a student, or a student's quiz question): a later result for it replaces it. */
  subject: string;
  studentId: number;
  studentName: string;
  /** A failed save: kept until the teacher dismisses it or saves the same subject again. */
  isUnsavedWork?: boolean;
  /** A stored save: puts back what Canvas held before it (decision 051). */
  undo?: () => void;
  /** A stored save: the submission in Canvas. */
  canvasUrl?: string;
  /** A stored save far from her earlier grades: the quiet note that says so (decision 060). */
  driftNote?: string;
};

export type ShownStatus = GradingStatus & { id: number };

export type StatusBoard = {
  latest: ShownStatus | null;
  /** Failed saves a newer result came after, oldest first. */
  waiting: ShownStatus[];
  nextId: number;
};

export const EMPTY_BOARD: StatusBoard = { latest: null, waiting: [], nextId: 1 };

export type StatusEvent = { type: 'report'; status: GradingStatus } | { type: 'dismiss'; id: number };

export function updateStatusBoard(board: StatusBoard, event: StatusEvent): StatusBoard {
  if (event.type === 'dismiss') {
    return {
      ...board,
      latest: board.latest?.id === event.id ? null : board.latest,
      waiting: board.waiting.filter((status) => status.id !== event.id),
    };
  }
  const status: ShownStatus = { ...event.status, id: board.nextId };
  const previous = board.latest;
  // A newer word about the same subject settles what was said before about it.
  const waiting = board.waiting.filter((kept) => kept.subject !== status.subject);
  if (previous?.isUnsavedWork && previous.subject !== status.subject) waiting.push(previous);
  return { latest: status, waiting, nextId: board.nextId + 1 };
}
