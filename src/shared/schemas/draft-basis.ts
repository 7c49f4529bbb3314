import { z } from 'zod';

/**
 * What a draft grade rests on, for the trust line on the grading screen: how many of the teacher's
 * own grades on the assignment it learned from, and how closely it agrees with them when each is
 * predicted without seeing it (cross-validation). Absent on drafts that learned nothing from the
 * teacher's grades (a model engine without calibration).
 */
export const draftAgreementSchema = z.object({
  /** How many of the teacher's grades were checked, each by a fit that did not see it. */
  checked: z.number().int().nonnegative(),
  /** How many of those the fit got within `tolerance` points. */
  withinTolerance: z.number().int().nonnegative(),
  exact: z.number().int().nonnegative(),
  /** Points: 1, or 5% of the points possible when that is more. */
  tolerance: z.number().positive(),
});
export type DraftAgreement = z.infer<typeof draftAgreementSchema>;

/**
 * How sure the draft grade is (decision 053): `uncertainty` orders a class's drafts (larger is
 * less sure, "least sure first"), and the words say it for the teacher, checked against her own
 * grades when there are at least five: `alikeWithin` of the `alikeChecked` graded pieces nearest in
 * sureness were drafted within the tolerance by a fit that did not see them.
 */
export const draftConfidenceSchema = z.object({
  uncertainty: z.number(),
  level: z.enum(['sure', 'fairly-sure', 'unsure']),
  words: z.string(),
  alikeChecked: z.number().int().nonnegative().nullable(),
  alikeWithin: z.number().int().nonnegative().nullable(),
});
export type DraftConfidence = z.infer<typeof draftConfidenceSchema>;

export const draftBasisSchema = z.object({
  /**
   * 'class': the offline engine ranked the work within the class and learned the teacher's scale;
   * 'description': too few submissions to compare, measured against the description alone;
   * 'calibrated-model': a model's grade mapped onto the teacher's grades.
   */
  method: z.enum(['class', 'description', 'calibrated-model']),
  /** How many of the teacher's grades on this assignment the draft grade learned from. */
  gradesLearnedFrom: z.number().int().nonnegative(),
  /** How many submissions of the assignment it compared the work with. */
  classSize: z.number().int().nonnegative(),
  /** Null below three grades: too few to check. */
  agreement: draftAgreementSchema.nullable(),
  /** How sure this draft's grade is; absent where nothing measures it (a model's draft). */
  confidence: draftConfidenceSchema.optional(),
});
export type DraftBasis = z.infer<typeof draftBasisSchema>;

/** "Within 1 point of your grade on 8 of 10 you graded" (null when there is nothing to say). */
export function describeDraftAgreement(agreement: DraftAgreement | null): string | null {
  if (!agreement || agreement.checked === 0) return null;
  const points = Number.isInteger(agreement.tolerance) ? String(agreement.tolerance) : agreement.tolerance.toFixed(1);
  return `Within ${points} ${agreement.tolerance === 1 ? 'point' : 'points'} of your grade on ${agreement.withinTolerance} of ${agreement.checked} you graded`;
}

/** "Learned from 10 of your grades on this assignment" and what the grade compares with. */
export function describeDraftBasis(basis: DraftBasis): string {
  if (basis.method === 'description') {
    // A draft that saw only this student's work (a quiz answer, a discussion post) compared nothing:
    // "too few submissions (1)" would be untrue of a class that handed in 30.
    if (basis.classSize <= 1) {
      return 'Measured against the prompt alone: not compared with other students’ work, and none of your grades to learn from yet.';
    }
    return `Measured against the assignment description: too few submissions (${basis.classSize}) to compare with, and none of your grades to learn from yet.`;
  }
  if (basis.method === 'calibrated-model') {
    return `The model's grade, mapped onto your scale from ${basis.gradesLearnedFrom} of your grades on this assignment.`;
  }
  if (basis.gradesLearnedFrom === 0) {
    return `Ranked within the class (${basis.classSize} submissions); none of your grades on this assignment to learn your scale from yet.`;
  }
  return `Learned from ${basis.gradesLearnedFrom} of your grades on this assignment, ranked within the class (${basis.classSize} submissions).`;
}

/** "5 of 6 pieces you graded that were as hard to call were drafted within one point" (null without checks). */
export function describeConfidenceCheck(confidence: DraftConfidence | undefined): string | null {
  if (!confidence || confidence.alikeChecked === null || confidence.alikeWithin === null) return null;
  return `${confidence.alikeWithin} of the ${confidence.alikeChecked} pieces you graded that were as hard to call came this close.`;
}
