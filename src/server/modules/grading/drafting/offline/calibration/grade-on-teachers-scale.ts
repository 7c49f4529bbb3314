import type { DraftBasis } from '@/shared/schemas/draft-basis';
import { mapInSlices, yieldTurn } from '@/server/core/in-slices';
import { MAX_CLASS_WORK, type ClassWork, type GradingInput } from '../../../kernel/drafter-port';
import { loadEnglishSpeller } from './english-speller';
import { createFeatureMeasurer, type FeatureMeasurer } from './create-scale-engine';
import { rateCriteria, type CriterionRating } from './criteria-on-teachers-scale';
import type { EssayFeatures } from './essay-features';
import { describeConfidence, measureUncertainty, type ConfidenceCheck } from './draft-confidence';
import {
  describeAgreement,
  agreementTolerance,
  describeBasis,
  fitScaleModel,
  MIN_GRADES_FOR_AGREEMENT,
  type ScaleModel,
  type ScalePrediction,
} from './fit-scale-model';

/**
 * The offline engine's grade on the teacher's scale: the assignment's submissions are measured
 * and ranked, and the mapping to grades is learned from the ones the teacher has graded (the
 * scale model, fit-scale-model.ts). With too few submissions to rank and too few grades to learn
 * from, there is no class to compare with and the caller grades against the description instead.
 */

/** Fewer submissions than this (the drafted one included) cannot be ranked meaningfully. */
export const MIN_CLASS_FOR_RANKING = 5;
/** Assignments whose measurements are kept (each measures its submissions once per process). */
const MEASURERS_KEPT = 16;

export type TeachersScaleGrade = {
  grade: number;
  /** Teacher-only lines for the grade review: where the grade comes from and what moved it. */
  review: string[];
  basis: DraftBasis;
  /** With the rubric on: each criterion's rating from its own measure on the teacher's scale. */
  criteria: CriterionRating[] | null;
};

/** Fitted models kept: a whole-class run fits once and drafts every student with it. */
const MODELS_KEPT = 32;

const measurers = new Map<string, FeatureMeasurer>();
const models = new Map<string, ScaleModel>();

/** Keeps the most recently used entries of a map, up to a limit. */
function remember<T>(cache: Map<string, T>, key: string, limit: number, make: () => T): T {
  const kept = cache.get(key);
  if (kept !== undefined) {
    cache.delete(key);
    cache.set(key, kept);
    return kept;
  }
  const made = make();
  cache.set(key, made);
  if (cache.size > limit) cache.delete(cache.keys().next().value!);
  return made;
}

/**
 * The model depends on the class's measurements and the grades alone, not on which student is
 * drafted: every draft of a class (each one the rest of the class plus itself) shares one fit.
 */
function modelFor(pointsPossible: number, classFeatures: EssayFeatures[], grades: (number | null)[]): ScaleModel {
  const key = `${pointsPossible}|${classFeatures
    .map((features, index) => `${features.vector.join(',')}:${grades[index] ?? ''}`)
    .sort()
    .join(';')}`;
  return remember(models, key, MODELS_KEPT, () =>
    fitScaleModel({
      pointsPossible,
      classFeatures,
      graded: classFeatures.flatMap((features, index) =>
        grades[index] === null || grades[index] === undefined ? [] : [{ features, grade: grades[index] }],
      ),
    }),
  );
}

/** Each class member's prediction, once per model: every draft of the class compares with the same class. */
const predictions = new WeakMap<ScaleModel, Map<EssayFeatures, ScalePrediction>>();

function predictionFor(model: ScaleModel, features: EssayFeatures): ScalePrediction {
  let known = predictions.get(model);
  if (!known) {
    known = new Map();
    predictions.set(model, known);
  }
  let prediction = known.get(features);
  if (!prediction) {
    prediction = model.predict(features);
    known.set(features, prediction);
  }
  return prediction;
}

/** The assignment's measurer, kept: each text of its class is measured once per process. */
export async function measurerFor(assignmentText: string): Promise<FeatureMeasurer> {
  const speller = await loadEnglishSpeller();
  return remember(measurers, assignmentText, MEASURERS_KEPT, () => createFeatureMeasurer(assignmentText, speller));
}

/** The class's uncertainties and the checked grades', once per fitted model (a class shares it). */
const sureness = new WeakMap<ScaleModel, { classUncertainties: number[]; checks: ConfidenceCheck[] }>();

function confidenceOf(
  model: ScaleModel,
  prediction: ReturnType<ScaleModel['predict']>,
  fitted: { features: EssayFeatures[]; grades: (number | null)[] },
  pointsPossible: number,
) {
  let kept = sureness.get(model);
  if (!kept) {
    const predictions = fitted.features.map((features) => model.predict(features));
    // The model's left-out checks follow its graded work in the order it was fitted.
    const gradedPredictions = predictions.filter((_, index) => fitted.grades[index] !== null);
    kept = {
      classUncertainties: predictions.map((each) => measureUncertainty(each.effects, each.unrounded, pointsPossible)),
      checks: model.leftOut.map((check, index) => ({
        uncertainty: measureUncertainty(gradedPredictions[index]!.effects, check.unrounded, pointsPossible),
        error: check.error,
      })),
    };
    sureness.set(model, kept);
  }
  return describeConfidence({
    uncertainty: measureUncertainty(prediction.effects, prediction.unrounded, pointsPossible),
    checks: kept.checks,
    classUncertainties: kept.classUncertainties,
    tolerance: agreementTolerance(pointsPossible),
  });
}

const formatPoints = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** Null when there is no class to rank and not enough grades to learn from. */
export async function gradeOnTeachersScale(
  input: GradingInput,
  pointsPossible: number,
): Promise<TeachersScaleGrade | null> {
  const others: ClassWork[] = (input.classWork ?? []).filter((work) => work.text.trim().length > 0);
  const gradedCount = others.filter((work) => work.grade !== null).length;
  const classSize = others.length + 1;
  if (classSize < MIN_CLASS_FOR_RANKING && gradedCount < MIN_GRADES_FOR_AGREEMENT) return null;

  const measurer = await measurerFor(input.assignment.descriptionText);
  const drafted = measurer.measure(input.ownText ?? input.submissionText);
  // A first draft of a lecture measures 200 essays: a slice at a time.
  const otherFeatures = await mapInSlices(others, (work) => measurer.measure(work.text));
  // The fit is the class's, not the draft's: the drafted work joins it (ungraded) unless the class
  // was sampled without it, so every draft of a lecture outside the sample shares one fit too.
  const isSampleWithoutDrafted = others.length >= MAX_CLASS_WORK;
  const fitted = {
    features: isSampleWithoutDrafted ? otherFeatures : [drafted, ...otherFeatures],
    grades: [...(isSampleWithoutDrafted ? [] : [null]), ...others.map((work) => work.grade)],
  };
  // The first draft of a class fits the model (tens of milliseconds): a turn for other requests first.
  await yieldTurn();
  const model = modelFor(pointsPossible, fitted.features, fitted.grades);
  const prediction = model.predict(drafted);
  const rubric = input.options.useRubric && input.assignment.rubric?.length ? input.assignment.rubric : null;
  const criteria = rubric
    ? rateCriteria(
        rubric,
        [
          { prediction, rubric: null, features: drafted, grade: null },
          ...others.map((work, index) => ({
            prediction: predictionFor(model, otherFeatures[index]!),
            rubric: work.grade !== null ? (work.rubric ?? null) : null,
            features: otherFeatures[index]!,
            grade: work.grade,
          })),
        ],
        model.pointsPossible,
      )
    : null;
  const confidence = confidenceOf(model, prediction, fitted, pointsPossible);
  const strongest = [...prediction.effects].sort((a, b) => Math.abs(b.points) - Math.abs(a.points)).slice(0, 4);
  const review = [
    `Grade ${formatPoints(prediction.grade)} of ${formatPoints(pointsPossible)} on your scale. ${describeBasis(model.basis)}`,
    ...(model.agreement ? [describeAgreement(model.agreement)] : []),
    'What moved it most, against the class average:',
    ...strongest.map(
      (effect) =>
        `- ${effect.name}: ${effect.value} (${effect.points >= 0 ? '+' : '−'}${formatPoints(Math.round(Math.abs(effect.points) * 10) / 10)} points)`,
    ),
  ];
  return {
    grade: prediction.grade,
    criteria,
    review,
    basis: {
      method: 'class',
      gradesLearnedFrom: model.basis.gradesLearnedFrom,
      classSize: model.basis.classSize,
      agreement: model.agreement
        ? {
            checked: model.agreement.checked,
            withinTolerance: model.agreement.withinTolerance,
            exact: model.agreement.exact,
            tolerance: model.agreement.tolerance,
          }
        : null,
      confidence,
    },
  };
}
