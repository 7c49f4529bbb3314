/**
 * The drift guard's port (decision 060): whether a grade the teacher saved is far from what her own
 * earlier grades on the assignment predict for the work, and which of her graded students' work
 * measured most alike. The offline engine's measures answer it (drafting/offline/calibration/drift-check.ts);
 * the kernel and the variants know only this shape.
 */

/** One piece of the class as the check reads it: the text is measured and let go, never kept. */
export type DriftClassPiece = { key: number; text: string; grade: number | null };

export type DriftQuestion = {
  pointsPossible: number;
  /** The assignment's own words (what the offline engine measures the work against). */
  descriptionText: string;
  /** The class's other work, with her grades where she graded the current work. */
  classWork: DriftClassPiece[];
  /** The work she just graded, and the grade she saved. */
  work: string;
  savedGrade: number;
};

export type DriftFinding = {
  /** What her earlier grades predict for this work (unrounded points). */
  predicted: number;
  /** The gap beyond which a saved grade is called far, for this class (points). */
  threshold: number;
  /** Up to two graded pieces whose work measured most alike, nearest first. */
  alike: { key: number; grade: number }[];
};

/** Null when the grade is within reach of her earlier grades, or when she has graded fewer than 5. */
export type DriftCheck = (question: DriftQuestion) => Promise<DriftFinding | null>;
