import { mean, standardDeviation } from '../../src/server/modules/grading/drafting/offline/calibration/agreement';
import { PRIOR_DISTRIBUTION } from '../../src/server/modules/grading/drafting/offline/calibration/fit-scale-model';

/**
 * The length-only baseline the draft grades must beat: the grade that word count alone would give,
 * fitted on the same graded essays the draft learns from.
 *
 * - With k graded essays: equipercentile. An essay's word count is placed among the k word counts
 *   (mid-rank percentile) and given the teacher's grade at the same percentile of the k grades.
 * - With none there is nothing to fit, so "the same k" means the same information the draft has:
 *   the class. Word count ranks the class and is spread over the same prior distribution the
 *   draft's own prior uses, so the comparison is of the ranking alone.
 */

export function countWords(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

export type LengthBaselineFit = (wordCount: number) => number;

export function fitLengthBaseline(graded: { wordCount: number; grade: number }[]): LengthBaselineFit {
  if (graded.length === 0) throw new Error('The length baseline needs graded essays; use fitLengthPrior without them');
  const counts = graded.map((item) => item.wordCount).sort((a, b) => a - b);
  const grades = graded.map((item) => item.grade).sort((a, b) => a - b);
  const k = counts.length;
  return (wordCount) => {
    let below = 0;
    let atOrBelow = 0;
    for (const count of counts) {
      if (count < wordCount) below += 1;
      if (count <= wordCount) atOrBelow += 1;
    }
    const percentile = (below + atOrBelow) / (2 * k);
    return grades[Math.min(k - 1, Math.floor(percentile * k))]!;
  };
}

/** k = 0: word count standardised within the class, spread over the prior distribution. */
export function fitLengthPrior(classWordCounts: number[], pointsPossible: number): LengthBaselineFit {
  const logs = classWordCounts.map((count) => Math.log1p(count));
  const average = mean(logs);
  const spread = standardDeviation(logs);
  return (wordCount) => {
    const z = spread > 0 ? (Math.log1p(wordCount) - average) / spread : 0;
    const share = PRIOR_DISTRIBUTION.meanShare + PRIOR_DISTRIBUTION.spreadShare * z;
    return Math.min(pointsPossible, Math.max(0, share * pointsPossible));
  };
}
