import { mean, standardDeviation } from './agreement';
import { relateToClass } from './class-topic';
import { FEATURE_KEYS, type EssayFeatures, type FeatureKey, type FeatureReading } from './essay-features';
import { dot, fitRidge, type RidgeFit } from './ridge-regression';

/**
 * The scale model: turns what the engine measures in a piece of work into a grade on this
 * teacher's scale, learned from the grades the teacher has already given on the assignment.
 *
 * - Every submission of the assignment (the class) is measured; features are compared with the
 *   class (z-scores), so a short-answer task and an essay are both judged against their own class.
 * - A prior ranks the class by a fixed blend of the features (PRIOR_WEIGHTS) and, with no grades,
 *   spreads it over a plausible distribution (PRIOR_DISTRIBUTION) instead of bunching it.
 * - With grades, a ridge regression fits level, slope and (when the data clearly support it) the
 *   teacher's own weighting of each feature. Every coefficient is pulled toward its prior, so a few
 *   grades move the model a little and many move it more; leave-one-out error decides whether the
 *   feature weights are trusted at all. Examples can only replace the prior where they beat it.
 * - Grades are then spread to match the spread of the teacher's grades: a regression alone would
 *   bunch them toward the middle, which costs agreement (quadratic weighted kappa) and is exactly
 *   what a teacher does not do.
 */

/**
 * The prior's blend of features (weights on class z-scores, summing to 1). Fitted once, without
 * negative weights (non-negative least squares on each prompt's standardised human score), on four
 * development prompts of human-scored essays (persuasive and source-based, scales 0-3 to 1-6), and
 * checked by leaving each prompt out: fitted on three, the blend's correlation with the human score
 * on the fourth is 0.72-0.82, against 0.70-0.80 for length alone, ahead on every prompt (decisions
 * 020 and 025). Sentence variety and the use of the prompt's own words measured nothing beyond
 * the rest there, so only a teacher's own grades can give them weight.
 */
export const PRIOR_WEIGHTS: Record<FeatureKey, number> = {
  length: 0.32,
  development: 0.2,
  organisation: 0.03,
  sourceUse: 0,
  evidence: 0.03,
  vocabulary: 0.12,
  sentenceVariety: 0,
  spelling: 0.02,
  conventions: 0.01,
  topicCoverage: 0.15,
  topicFocus: 0.12,
};

/**
 * Where a class's grades sit without any grade to learn from, as shares of the points: centred on
 * about two thirds, most grades between about 40% and 90%. Human-scored essay sets average 47-71%
 * of their maximum; classroom grades run higher. The first few grades move the level anyway.
 */
export const PRIOR_DISTRIBUTION = { meanShare: 0.65, spreadShare: 0.22 } as const;

/** How closely the prior's ranking is expected to follow a teacher's (a correlation). */
const PRIOR_CORRELATION = 0.7;
/**
 * Pseudo-grades behind the prior level, slope and spread: how many grades it takes to move them
 * halfway. Class averages differ between assignments by about a tenth of the points while one
 * grade varies by about a fifth, so a few grades are worth one prior; with 10 grades the data
 * carry three quarters of the weight, with 30 nine tenths.
 */
const LEVEL_PSEUDO_GRADES = 3;
const SLOPE_PSEUDO_GRADES = 2;
const SPREAD_PSEUDO_GRADES = 4;
/** Below this many grades the teacher's own feature weights are not fitted at all. */
const MIN_GRADES_FOR_FEATURE_WEIGHTS = 15;
const FEATURE_PENALTIES = [10, 30, 100, 300];
/** The feature weights must cut the leave-one-out error by this share to replace the prior's. */
const REQUIRED_IMPROVEMENT = 0.25;
/** Below this many grades there is no cross-validated agreement to show. */
export const MIN_GRADES_FOR_AGREEMENT = 3;

/** The smallest spread a feature is standardised by, so a tiny or uniform class does not explode. */
const FEATURE_SPREAD_FLOOR: Record<FeatureKey, number> = {
  length: 0.15,
  development: 0.15,
  organisation: 0.15,
  sourceUse: 0.15,
  evidence: 0.15,
  vocabulary: 0.02,
  sentenceVariety: 0.1,
  spelling: 0.15,
  conventions: 0.15,
  topicCoverage: 0.15,
  topicFocus: 0.01,
};
const COMPOSITE_SPREAD_FLOOR = 0.25;

export type GradedWork = { features: EssayFeatures; grade: number };

export type ScaleModelInput = {
  pointsPossible: number;
  /** Every submission of the assignment with text, graded or not (the graded ones included). */
  classFeatures: EssayFeatures[];
  /** The teacher's grades on some of them (points, 0..pointsPossible). */
  graded: GradedWork[];
};

export type ScaleAgreement = {
  /** How many of the teacher's grades were checked (each predicted by a fit without it). */
  checked: number;
  exact: number;
  withinTolerance: number;
  /** Points: 1, or 5% of the points possible when that is more. */
  tolerance: number;
  meanAbsoluteError: number;
};

export type ScaleBasis = {
  /** How many of the teacher's grades the draft grade learned from. */
  gradesLearnedFrom: number;
  /** How many submissions the class ranking compares with. */
  classSize: number;
  /** True when the teacher's grades support weights of their own for the features. */
  isFeatureWeightingLearned: boolean;
};

export type FeatureEffect = FeatureReading & {
  /** Standard deviations above (+) or below (-) the class average. */
  relativeToClass: number;
  /** Points this feature moves the grade from the class average. */
  points: number;
};

export type ScalePrediction = {
  /** On the grade step the teacher uses (whole points when all their grades are whole). */
  grade: number;
  unrounded: number;
  effects: FeatureEffect[];
};

export type ScaleModel = {
  pointsPossible: number;
  gradeStep: number;
  basis: ScaleBasis;
  /** Null below MIN_GRADES_FOR_AGREEMENT grades. */
  agreement: ScaleAgreement | null;
  /**
   * Each graded piece (in the order given) as the fit without it drafted it: the unrounded grade
   * and the miss in points. Empty below MIN_GRADES_FOR_AGREEMENT grades.
   */
  leftOut: { unrounded: number; error: number }[];
  predict(features: EssayFeatures): ScalePrediction;
};

type Standardiser = { means: number[]; spreads: number[]; compositeMean: number; compositeSpread: number };

function createStandardiser(classFeatures: EssayFeatures[]): Standardiser {
  const columns = FEATURE_KEYS.map((_, j) => classFeatures.map((features) => features.vector[j]!));
  const means = columns.map((column) => mean(column));
  const spreads = columns.map((column, j) =>
    Math.max(standardDeviation(column), FEATURE_SPREAD_FLOOR[FEATURE_KEYS[j]!]),
  );
  const weights = FEATURE_KEYS.map((key) => PRIOR_WEIGHTS[key]);
  const composites = classFeatures.map((features) => dot(weights, zScores(features, means, spreads)));
  return {
    means,
    spreads,
    compositeMean: mean(composites),
    compositeSpread: Math.max(standardDeviation(composites), COMPOSITE_SPREAD_FLOOR),
  };
}

function zScores(features: EssayFeatures, means: number[], spreads: number[]): number[] {
  return features.vector.map((value, j) => (value - means[j]!) / spreads[j]!);
}

/** One design row: intercept, the prior's class ranking, then each feature's z-score. */
function designRow(features: EssayFeatures, standardiser: Standardiser): number[] {
  const z = zScores(features, standardiser.means, standardiser.spreads);
  const composite =
    (dot(
      FEATURE_KEYS.map((key) => PRIOR_WEIGHTS[key]),
      z,
    ) -
      standardiser.compositeMean) /
    standardiser.compositeSpread;
  return [1, composite, ...z];
}

/**
 * Whole points, unless the teacher's own grades use half points (the product's finest step) or the
 * assignment is worth less than 2 points. Teachers rarely give half points; a draft of 2.5 of 4
 * leaves the teacher the choice the model should have made.
 */
function inferGradeStep(grades: number[], pointsPossible: number): number {
  if (pointsPossible < 2) return 0.5;
  return grades.every((grade) => Number.isInteger(grade)) ? 1 : 0.5;
}

export function roundToGradeStep(value: number, step: number, pointsPossible: number): number {
  const rounded = Math.round(value / step) * step;
  return Math.min(pointsPossible, Math.max(0, rounded));
}

/** The tolerance of the agreement figure: 1 point, or 5% of the points when that is more. */
export function agreementTolerance(pointsPossible: number): number {
  return Math.max(1, Math.round((0.05 * pointsPossible) / 0.5) * 0.5);
}

type Fit = { coefficients: number[]; isFeatureWeightingLearned: boolean; spread: number };

function fitCoefficients(rows: number[][], grades: number[], pointsPossible: number): Fit {
  const k = grades.length;
  const priorSpread = PRIOR_DISTRIBUTION.spreadShare * pointsPossible;
  const gradeMean = mean(grades);
  const sumOfSquares = grades.reduce((total, grade) => total + (grade - gradeMean) ** 2, 0);
  // The teacher's spread of grades, pulled toward the prior's until there are a few grades.
  const spread = Math.sqrt(
    (sumOfSquares + SPREAD_PSEUDO_GRADES * priorSpread ** 2) / (Math.max(0, k - 1) + SPREAD_PSEUDO_GRADES),
  );
  const levelPrior = PRIOR_DISTRIBUTION.meanShare * pointsPossible;
  const slopePrior = PRIOR_CORRELATION * spread;
  const featureCount = FEATURE_KEYS.length;
  if (k === 0)
    return {
      coefficients: [levelPrior, slopePrior, ...new Array<number>(featureCount).fill(0)],
      isFeatureWeightingLearned: false,
      spread,
    };

  const shortRows = rows.map((row) => row.slice(0, 2));
  const base = fitRidge(shortRows, grades, [LEVEL_PSEUDO_GRADES, SLOPE_PSEUDO_GRADES], [levelPrior, slopePrior]);
  let best: RidgeFit | null = null;
  if (k >= MIN_GRADES_FOR_FEATURE_WEIGHTS) {
    for (const penalty of FEATURE_PENALTIES) {
      const fit = fitRidge(
        rows,
        grades,
        [LEVEL_PSEUDO_GRADES, SLOPE_PSEUDO_GRADES, ...new Array<number>(featureCount).fill(penalty)],
        [levelPrior, slopePrior, ...new Array<number>(featureCount).fill(0)],
      );
      if (!best || fit.looMeanSquaredError < best.looMeanSquaredError) best = fit;
    }
  }
  if (best && best.looMeanSquaredError < (1 - REQUIRED_IMPROVEMENT) * base.looMeanSquaredError) {
    return { coefficients: best.coefficients, isFeatureWeightingLearned: true, spread };
  }
  return {
    coefficients: [...base.coefficients, ...new Array<number>(featureCount).fill(0)],
    isFeatureWeightingLearned: false,
    spread,
  };
}

type Calibrated = { fit: Fit; classMean: number; classSpread: number };

function calibrate(
  classRows: number[][],
  gradedRows: number[][],
  grades: number[],
  pointsPossible: number,
): Calibrated {
  const fit = fitCoefficients(gradedRows, grades, pointsPossible);
  const predictions = classRows.map((row) => dot(row, fit.coefficients));
  return { fit, classMean: mean(predictions), classSpread: standardDeviation(predictions) };
}

/** The calibrated grade before rounding: the fit, re-spread to the teacher's spread around the class mean. */
function spreadGrade(row: number[], calibrated: Calibrated): number {
  const raw = dot(row, calibrated.fit.coefficients);
  if (calibrated.classSpread < 1e-9) return raw;
  return calibrated.classMean + ((raw - calibrated.classMean) * calibrated.fit.spread) / calibrated.classSpread;
}

/**
 * Fits the model for one assignment: once, for all its drafts (about a millisecond for 30 graded
 * essays, leave-one-out agreement included).
 */
export function fitScaleModel(input: ScaleModelInput): ScaleModel {
  const pointsPossible = input.pointsPossible > 0 ? input.pointsPossible : 100;
  const measuredClass =
    input.classFeatures.length > 0 ? input.classFeatures : input.graded.map((work) => work.features);
  const relate = relateToClass(measuredClass);
  const classFeatures = measuredClass.map(relate);
  const standardiser = createStandardiser(classFeatures);
  const classRows = classFeatures.map((features) => designRow(features, standardiser));
  const grades = input.graded.map((work) => Math.min(pointsPossible, Math.max(0, work.grade)));
  const gradedRows = input.graded.map((work) => designRow(relate(work.features), standardiser));
  const gradeStep = inferGradeStep(grades, pointsPossible);
  const calibrated = calibrate(classRows, gradedRows, grades, pointsPossible);

  const weights = FEATURE_KEYS.map((key) => PRIOR_WEIGHTS[key]);
  const effectiveWeights = FEATURE_KEYS.map(
    (_, j) =>
      (calibrated.fit.coefficients[1]! * weights[j]!) / standardiser.compositeSpread +
      calibrated.fit.coefficients[2 + j]!,
  );
  const stretch = calibrated.classSpread < 1e-9 ? 1 : calibrated.fit.spread / calibrated.classSpread;
  const checked = crossValidate(classRows, gradedRows, grades, pointsPossible, gradeStep);

  return {
    pointsPossible,
    gradeStep,
    basis: {
      gradesLearnedFrom: grades.length,
      classSize: classFeatures.length,
      isFeatureWeightingLearned: calibrated.fit.isFeatureWeightingLearned,
    },
    agreement: checked.agreement,
    leftOut: checked.leftOut,
    predict(measured: EssayFeatures): ScalePrediction {
      const features = relate(measured);
      const row = designRow(features, standardiser);
      const unrounded = spreadGrade(row, calibrated);
      const z = row.slice(2);
      return {
        grade: roundToGradeStep(unrounded, gradeStep, pointsPossible),
        unrounded,
        effects: features.readings.map((reading, j) => ({
          ...reading,
          relativeToClass: z[j]!,
          points: effectiveWeights[j]! * z[j]! * stretch,
        })),
      };
    },
  };
}

/**
 * Up to this many grades, each is checked by a fit without it (leave-one-out); beyond, by ten
 * folds, each checked by a fit without its tenth. Either way no grade is checked by a fit that saw
 * it, and a lecture's 200 grades cost ten fits rather than 200 (a fifth of a second on the server's
 * thread otherwise).
 */
const MAX_LEAVE_ONE_OUT = 40;
const FOLDS = 10;

/** Each of the teacher's grades predicted by a model fitted without it. */
function crossValidate(
  classRows: number[][],
  gradedRows: number[][],
  grades: number[],
  pointsPossible: number,
  gradeStep: number,
): { agreement: ScaleAgreement | null; leftOut: { unrounded: number; error: number }[] } {
  const k = grades.length;
  if (k < MIN_GRADES_FOR_AGREEMENT) return { agreement: null, leftOut: [] };
  const folds = k <= MAX_LEAVE_ONE_OUT ? k : FOLDS;
  const unrounded = new Array<number>(k);
  for (let fold = 0; fold < folds; fold += 1) {
    const isLeftOut = (index: number) => index % folds === fold;
    const calibrated = calibrate(
      classRows,
      gradedRows.filter((_, index) => !isLeftOut(index)),
      grades.filter((_, index) => !isLeftOut(index)),
      pointsPossible,
    );
    for (let index = fold; index < k; index += folds) unrounded[index] = spreadGrade(gradedRows[index]!, calibrated);
  }
  const tolerance = agreementTolerance(pointsPossible);
  let exact = 0;
  let withinTolerance = 0;
  let absoluteError = 0;
  const leftOut = unrounded.map((value, index) => {
    const difference = Math.abs(roundToGradeStep(value, gradeStep, pointsPossible) - grades[index]!);
    if (difference < 1e-9) exact += 1;
    if (difference <= tolerance + 1e-9) withinTolerance += 1;
    absoluteError += difference;
    return { unrounded: value, error: difference };
  });
  return {
    agreement: { checked: k, exact, withinTolerance, tolerance, meanAbsoluteError: absoluteError / k },
    leftOut,
  };
}

const formatPoints = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/** For the teacher: "Within 1 point of your grade on 8 of 10 you graded." */
export function describeAgreement(agreement: ScaleAgreement): string {
  const unit = agreement.tolerance === 1 ? 'point' : 'points';
  return `Within ${formatPoints(agreement.tolerance)} ${unit} of your grade on ${agreement.withinTolerance} of ${agreement.checked} you graded (each checked by a fit that did not see it).`;
}

/** For the teacher: what the draft grade rests on. */
export function describeBasis(basis: ScaleBasis): string {
  if (basis.gradesLearnedFrom === 0) {
    return `No grades of yours on this assignment yet: the draft grade ranks the work within the class (${basis.classSize} submissions) and spreads the class over a typical range. Each grade you give teaches it your scale.`;
  }
  const learned = `Learned your scale from ${basis.gradesLearnedFrom} of your grades on this assignment`;
  return basis.isFeatureWeightingLearned
    ? `${learned}, including how much you weigh each feature.`
    : `${learned}; the features are weighed as usual until your grades show a clear pattern of their own.`;
}
