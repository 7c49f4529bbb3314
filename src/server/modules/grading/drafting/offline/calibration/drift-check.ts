import type { DriftFinding, DriftQuestion } from '../../../kernel/drift-port';
import { mapInSlices } from '@/server/core/in-slices';
import { fitScaleModel } from './fit-scale-model';
import { measurerFor } from './grade-on-teachers-scale';

/**
 * The drift guard (decision 060), on the offline engine's own measures: the class is measured as a
 * draft measures it (essay-features.ts), the scale model is fitted on the teacher's grades of this
 * assignment (fit-scale-model.ts), and the work she just graded is placed on that scale. A saved
 * grade further from the prediction than the threshold gets a note naming the graded work that
 * measured most alike (nearest in the model's standardised measures) and what she gave it.
 */

/** Below this many grades of hers on the assignment there is no note: too little to predict from. */
export const MIN_GRADES_FOR_DRIFT = 5;
/**
 * A grade is far when it is further from the prediction than both a fifth of the points and twice
 * the typical miss of her own grades (each predicted by a fit without it). Set from essays-dev
 * (decision 060, scripts/measure-drift.ts): with 5 to 20 grades learned from, 5 to 7 % of human
 * grades get a note, and 70 to 77 % of grades moved by half the scale do.
 */
export const DRIFT_SHARE = 0.2;
export const DRIFT_LEFT_OUT_FACTOR = 2;
const ALIKE_SHOWN = 2;

/** The threshold for one class: a share of the points, or twice how far her own grades stray from the fit. */
export function driftThreshold(pointsPossible: number, leftOutErrors: readonly number[]): number {
  const rootMeanSquare =
    leftOutErrors.length > 0
      ? Math.sqrt(leftOutErrors.reduce((total, error) => total + error ** 2, 0) / leftOutErrors.length)
      : 0;
  return Math.max(DRIFT_SHARE * pointsPossible, DRIFT_LEFT_OUT_FACTOR * rootMeanSquare);
}

export async function measureDrift(question: DriftQuestion): Promise<DriftFinding | null> {
  const graded = question.classWork.filter((piece) => piece.grade !== null);
  if (graded.length < MIN_GRADES_FOR_DRIFT) return null;
  const pointsPossible = question.pointsPossible > 0 ? question.pointsPossible : 100;
  // The drafts' measurer: work a draft measured is not measured again, and a lecture's class is
  // measured a slice at a time.
  const measurer = await measurerFor(question.descriptionText);
  const classFeatures = await mapInSlices([question.work, ...question.classWork.map((piece) => piece.text)], (text) =>
    measurer.measure(text),
  );
  const model = fitScaleModel({
    pointsPossible,
    classFeatures,
    graded: question.classWork.flatMap((piece, index) =>
      piece.grade === null ? [] : [{ features: classFeatures[index + 1]!, grade: piece.grade }],
    ),
  });
  const prediction = model.predict(classFeatures[0]!);
  const threshold = driftThreshold(
    pointsPossible,
    model.leftOut.map((check) => check.error),
  );
  if (Math.abs(question.savedGrade - prediction.unrounded) <= threshold) return null;

  const place = prediction.effects.map((effect) => effect.relativeToClass);
  const alike = question.classWork
    .flatMap((piece, index) => {
      if (piece.grade === null) return [];
      const other = model.predict(classFeatures[index + 1]!).effects.map((effect) => effect.relativeToClass);
      const distance = Math.sqrt(place.reduce((total, value, j) => total + (value - other[j]!) ** 2, 0));
      return [{ key: piece.key, grade: piece.grade, distance }];
    })
    .sort((a, b) => a.distance - b.distance || a.key - b.key)
    .slice(0, ALIKE_SHOWN)
    .map(({ key, grade }) => ({ key, grade }));
  return { predicted: prediction.unrounded, threshold, alike };
}
