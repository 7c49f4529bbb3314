import type { CriterionSureness } from '@/shared/schemas/ai';
import type { RubricCriterion } from '@/shared/schemas/ai';
import { mean, standardDeviation } from './agreement';
import { fitRidge } from './ridge-regression';
import type { EssayFeatures, FeatureKey, ProfileKey } from './essay-features';
import type { ScalePrediction } from './fit-scale-model';

/**
 * Rubric ratings on the teacher's scale, each criterion from its own evidence (decision 042).
 *
 * - Each criterion's kind (ideas and content, organisation, voice, word choice, sentence fluency,
 *   conventions, sources, prompt adherence) is read from its title, else its description, else its
 *   ratings; a criterion none of them places is judged from the whole work.
 * - A criterion's own measure is a blend of the class-relative features its kind is about
 *   (conventions: spelling and end punctuation; word choice: vocabulary; ...).
 * - Its rating mixes the work's standing on the whole (the scale model's grade) with its standing on
 *   that measure, both relative to the class, and places the mix on the criterion's own level and
 *   spread: from the class's drafted grades, and from the teacher's rubric assessments of her graded
 *   work as soon as there are some (a few move it part of the way, more move it further). With ten
 *   or more of her assessments the mix itself is fitted to her ratings of that criterion.
 * - How often it agrees with her is cross-validated: each of her ratings against a placement whose
 *   level, spread and weights come from her other ratings (one at a time up to ten, else ten folds).
 */

export type CriterionKind =
  | 'ideas and content'
  | 'organization'
  | 'voice'
  | 'word choice'
  | 'sentence fluency'
  | 'conventions'
  | 'sources'
  | 'prompt adherence';

const KIND_PATTERNS: [CriterionKind, RegExp][] = [
  ['conventions', /convention|grammar|spelling|punctuat|capitali[sz]|mechanic|usage|proofread|editing/i],
  ['word choice', /word choice|vocabular|diction|precise words|choice of words/i],
  ['sentence fluency', /fluen|sentence/i],
  ['voice', /voice|style|tone|audience|engag/i],
  ['organization', /organi[sz]|structure|paragraph|transition|flow|coheren|sequenc|easy to follow|narrativ/i],
  ['sources', /source|evidence|citation|cite|quot|research/i],
  ['prompt adherence', /prompt|adheren|on topic|stays? on|the task|the question/i],
  ['ideas and content', /idea|content|develop|detail|thesis|claim|argument|understand|knowledge|analy|reason|insight/i],
];

/**
 * What a criterion's own measure can read: the scale model's class-relative features, the finer
 * profile measures (essay-features.ts) and how much of what the class's strongest work is about
 * the work covers.
 */
export type MeasureKey = FeatureKey | ProfileKey | 'strongWork';

/** What each kind is measured by: weights on the class-relative measures (the prior direction). */
const KIND_MEASURES: Record<CriterionKind, Partial<Record<MeasureKey, number>>> = {
  'ideas and content': { length: 0.3, development: 0.2, topicCoverage: 0.2, strongWork: 0.2, detail: 0.1 },
  organization: { linkingRate: 0.3, organisation: 0.3, paragraphs: 0.2, sentenceStarts: 0.1, length: 0.1 },
  voice: { voiceMarks: 0.4, lexicalDiversity: 0.3, lengthVariety: 0.3 },
  'word choice': { wordLength: 0.3, rareWords: 0.3, lexicalDiversity: 0.3, errorRate: 0.1 },
  'sentence fluency': { lengthVariety: 0.25, sentenceStarts: 0.25, sentenceLength: 0.2, runOns: 0.15, commas: 0.15 },
  conventions: { errorRate: 0.6, spelling: 0.2, runOns: 0.2 },
  sources: { sourceUse: 0.4, evidence: 0.4, detail: 0.2 },
  'prompt adherence': { topicFocus: 0.4, sourceUse: 0.3, strongWork: 0.3 },
};

/** How much of a criterion's rating its own measure decides before the teacher's ratings say otherwise. */
const KIND_PRIOR_SHARE: Record<CriterionKind, number> = {
  'ideas and content': 0.1,
  organization: 0.15,
  voice: 0.2,
  'word choice': 0.35,
  'sentence fluency': 0.2,
  conventions: 0.5,
  sources: 0.2,
  'prompt adherence': 0.1,
};

/** The teacher's ratings count as this many pseudo-ratings against the class's drafted level and spread. */
const PRIOR_RATINGS = 3;
/** A criterion's weights are fitted on her ratings of it from this many ratings on. */
export const MIN_RATINGS_TO_FIT_SHARE = 10;
/**
 * How strongly the fitted weights are pulled toward the kind's prior direction: chosen per
 * criterion by leave-one-out over her ratings, so a criterion her ratings say little about keeps
 * its prior.
 */
const PENALTY_GRID = [3, 10, 30, 100, 1000];
/** Agreement with her ratings is counted over at most this many folds (one rating each up to this many). */
const MAX_AGREEMENT_FOLDS = 10;
/** Below this many of her ratings only the balance of the whole and the kind's measure is fitted, not each measure. */
const MIN_RATINGS_TO_FIT_EACH_MEASURE = 20;

export function criterionKinds(criterion: Pick<RubricCriterion, 'description' | 'long_description' | 'ratings'>): {
  kinds: CriterionKind[];
  from: 'title' | 'description' | 'ratings' | 'none';
} {
  const match = (text: string) => KIND_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([kind]) => kind);
  const title = match(criterion.description);
  if (title.length > 0) return { kinds: title, from: 'title' };
  const description = match(criterion.long_description ?? '');
  if (description.length > 0) return { kinds: description, from: 'description' };
  // The ratings describe every level with many words: only the kinds most of them name.
  const counts = new Map<CriterionKind, number>();
  for (const rating of criterion.ratings) {
    for (const kind of match(`${rating.description} ${rating.long_description ?? ''}`))
      counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const most = Math.max(0, ...counts.values());
  const kinds = most > 0 && most * 2 >= criterion.ratings.length ? [...counts].filter(([, n]) => n === most) : [];
  return kinds.length > 0 ? { kinds: kinds.map(([kind]) => kind), from: 'ratings' } : { kinds: [], from: 'none' };
}

/** One piece of the class as the criteria see it: its prediction on the scale and the teacher's rubric points. */
export type ClassMember = {
  prediction: ScalePrediction;
  rubric: Record<string, number> | null;
  /** The work's measurements (profile and content words); without them only the scale model's features count. */
  features?: EssayFeatures;
  /** Her grade on the work, when graded: the strongest work is read from her grades first. */
  grade?: number | null;
};

export type CriterionRating = {
  criterionId: string;
  /** Points of the nearest rating (or the points themselves for a criterion without ratings). */
  points: number;
  kinds: CriterionKind[];
  /** Teacher-only: what the rating rests on. */
  basis: string;
  /** Teacher-only: how the criterion agrees with her on the work she rated ("Organization: within one rating of yours on 8 of 10"). */
  trust: string | null;
  /** The same for the criterion's row on the grading screen, with a level; null below three of her ratings. */
  sureness: CriterionSureness | null;
};

function zScores(values: number[]): number[] {
  const average = mean(values);
  const spread = standardDeviation(values);
  return values.map((value) => (spread > 1e-9 ? (value - average) / spread : 0));
}

/** Stems a work must share with this many of the strongest other pieces to count as covering what they cover. */
const STRONG_WORK_SHARED_BY = 2;

/**
 * How much of what the class's strongest work is about each piece covers: content words that at
 * least two of the strongest pieces use (her best-graded work when she has graded five or more,
 * else the best-drafted quarter), counted without the piece itself.
 */
function strongWorkCoverage(members: ClassMember[]): number[] | null {
  const stems = members.map((member) => member.features?.contentStems ?? null);
  if (stems.some((each) => each === null) || members.length < 5) return null;
  const graded = members.flatMap((member, index) =>
    member.grade !== undefined && member.grade !== null ? [{ index, value: member.grade }] : [],
  );
  const ranked =
    graded.length >= 5 ? graded : members.map((member, index) => ({ index, value: member.prediction.unrounded }));
  const top = [...ranked]
    .sort((a, b) => b.value - a.value)
    .slice(0, Math.max(3, Math.round(ranked.length / 4)))
    .map((item) => item.index);
  const counts = new Map<string, number>();
  for (const index of top) for (const stem of stems[index]!) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  const inTop = new Set(top);
  return stems.map((own, index) => {
    let covered = 0;
    for (const stem of own!)
      if ((counts.get(stem) ?? 0) - (inTop.has(index) ? 1 : 0) >= STRONG_WORK_SHARED_BY) covered += 1;
    return Math.log1p(covered);
  });
}

/** Each measure a kind reads, relative to the class (z-scores), computed once per call and per measure. */
function classMeasures(members: ClassMember[]): (key: MeasureKey) => number[] | null {
  const known = new Map<MeasureKey, number[] | null>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    let values: number[] | null;
    if (key === 'strongWork') {
      const coverage = strongWorkCoverage(members);
      values = coverage ? zScores(coverage) : null;
    } else if (members[0]!.prediction.effects.some((effect) => effect.key === key)) {
      values = members.map(
        (member) => member.prediction.effects.find((effect) => effect.key === key)?.relativeToClass ?? 0,
      );
    } else {
      const raw = members.map((member) => member.features?.profile?.[key as ProfileKey]);
      values = raw.every((value) => value !== undefined) ? zScores(raw as number[]) : null;
    }
    // A measure that does not vary in this class (no paragraphs anywhere, say) says nothing.
    if (values && values.every((value) => Math.abs(value) < 1e-9)) values = null;
    known.set(key, values);
    return values;
  };
}

/**
 * The mix's weights fitted on her ratings of one criterion: a ridge regression of her ratings
 * (standardised) on the columns at the work she rated, pulled toward the prior weights. How hard
 * it is pulled is chosen by leave-one-out over her ratings, each rating predicted by a fit that
 * never saw it. Null when her ratings do not vary.
 */
function fitToHerRatings(columns: number[][], indices: number[], points: number[], prior: number[]): number[] | null {
  const target = zScores(points);
  if (target.every((value) => Math.abs(value) < 1e-9)) return null;
  const rows = indices.map((index) => columns.map((column) => column[index]!));
  // Centred on the rated work, so the fit needs no intercept.
  const centres = prior.map((_, j) => mean(rows.map((row) => row[j]!)));
  const centred = rows.map((row) => row.map((value, j) => value - centres[j]!));
  // The prior gives the direction; its size is set by how far it goes with her ratings.
  const priorMix = centred.map((row) => row.reduce((total, value, j) => total + value * prior[j]!, 0));
  const priorVariance = mean(priorMix.map((value) => value * value));
  const size =
    priorVariance > 1e-9
      ? Math.max(0.05, mean(priorMix.map((value, index) => value * target[index]!)) / priorVariance)
      : 1;
  const scaledPrior = prior.map((value) => value * size);
  let best: { coefficients: number[]; error: number } | null = null;
  for (const penalty of PENALTY_GRID) {
    const fit = fitRidge(
      centred,
      target,
      prior.map(() => penalty),
      scaledPrior,
    );
    if (!best || fit.looMeanSquaredError < best.error - 1e-9)
      best = { coefficients: fit.coefficients, error: fit.looMeanSquaredError };
  }
  return best!.coefficients;
}

/**
 * A weighted mix of the columns at one work, in standard deviations of the mix over the class: the
 * columns' means and covariances are taken once, so a mix with other weights (a fit that left one
 * of her ratings out) costs no pass over the class.
 */
function columnMix(columns: number[][]): (weights: number[], index: number) => number {
  const n = columns[0]?.length ?? 0;
  const means = columns.map((column) => mean(column));
  const covariance = columns.map((a, i) =>
    columns.map((b, j) => {
      let total = 0;
      for (let index = 0; index < n; index += 1) total += (a[index]! - means[i]!) * (b[index]! - means[j]!);
      return n > 0 ? total / n : 0;
    }),
  );
  return (weights, index) => {
    let variance = 0;
    for (let i = 0; i < weights.length; i += 1)
      for (let j = 0; j < weights.length; j += 1) variance += weights[i]! * weights[j]! * covariance[i]![j]!;
    if (variance <= 1e-12) return 0;
    const centred = weights.reduce((total, weight, j) => total + weight * (columns[j]![index]! - means[j]!), 0);
    return centred / Math.sqrt(variance);
  };
}

/** The rating of a criterion nearest some points (ties to the higher), and its rank from the top. */
function nearestRating(criterion: RubricCriterion, points: number): { points: number; rank: number } {
  const levels = [...new Set(criterion.ratings.map((rating) => rating.points))].sort((a, b) => b - a);
  if (levels.length === 0) return { points: Math.round(points * 2) / 2, rank: 0 };
  let best = 0;
  levels.forEach((level, index) => {
    if (Math.abs(level - points) < Math.abs(levels[best]! - points) - 1e-9) best = index;
  });
  return { points: levels[best]!, rank: best };
}

function criterionRange(criterion: RubricCriterion): { low: number; high: number } {
  const points = criterion.ratings.map((rating) => rating.points);
  const high = Math.max(criterion.points, ...points);
  return { low: points.length > 0 ? Math.max(0, Math.min(...points)) : 0, high };
}

const formatPoints = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

/**
 * Ratings for the drafted work (index 0 of `members`) on every criterion. `pointsPossible` is the
 * scale the predictions' grades are on.
 */
export function rateCriteria(
  rubric: RubricCriterion[],
  members: ClassMember[],
  pointsPossible: number,
): CriterionRating[] {
  const shares = members.map((member) => Math.min(1, Math.max(0, member.prediction.unrounded / pointsPossible)));
  const wholeZ = zScores(shares);
  const measureOf = classMeasures(members);
  return rubric.map((criterion) => {
    const { low, high } = criterionRange(criterion);
    const { kinds, from } = criterionKinds(criterion);
    const weights = new Map<MeasureKey, number>();
    for (const kind of kinds)
      for (const [key, weight] of Object.entries(KIND_MEASURES[kind]) as [MeasureKey, number][])
        weights.set(key, (weights.get(key) ?? 0) + weight / kinds.length);
    // The measures of its kind this class can read, each with its prior weight.
    const measures = [...weights].flatMap(([key, weight]) => {
      const values = measureOf(key);
      return values ? [{ key, weight, values }] : [];
    });
    const ownZ =
      measures.length > 0
        ? zScores(
            members.map((_, index) => measures.reduce((total, item) => total + item.weight * item.values[index]!, 0)),
          )
        : wholeZ;
    const priorShare = kinds.length > 0 ? Math.max(...kinds.map((kind) => KIND_PRIOR_SHARE[kind])) : 0;

    // Her ratings of this criterion on the graded work.
    const rated = members.flatMap((member, index) => {
      const points = member.rubric?.[criterion.id];
      return points === undefined || points === null ? [] : [{ index, points: Math.min(high, Math.max(low, points)) }];
    });
    // The mix: the whole, the kind's own measure and, with enough of her ratings, each measure on its own.
    const eachMeasure = rated.length >= MIN_RATINGS_TO_FIT_EACH_MEASURE ? measures : [];
    const columns = [wholeZ, ownZ, ...eachMeasure.map((item) => item.values)];
    const prior = [1 - priorShare, priorShare, ...eachMeasure.map(() => 0)];
    const fitOn = (sample: typeof rated) =>
      kinds.length > 0 && sample.length >= MIN_RATINGS_TO_FIT_SHARE
        ? fitToHerRatings(
            columns,
            sample.map((item) => item.index),
            sample.map((item) => item.points),
            prior,
          )
        : null;
    const fitted = fitOn(rated);
    const coefficients = fitted ?? prior;
    const fittedOn = fitted ? rated.length : 0;
    const wholeWeight = Math.abs(coefficients[0]!);
    const ownWeight = coefficients.slice(1).reduce((total, value) => total + Math.abs(value), 0);
    const share = wholeWeight + ownWeight > 1e-9 ? ownWeight / (wholeWeight + ownWeight) : 0;

    // Level and spread: the class's drafted grades on this criterion's range, pulled toward hers.
    const range = high - low;
    const priorLevel = low + mean(shares) * range;
    const priorSpread = standardDeviation(shares) * range;
    const levelAndSpread = (sample: typeof rated) => {
      if (sample.length === 0) return { level: priorLevel, spread: priorSpread };
      const teacher = sample.map((item) => item.points);
      return {
        level:
          (PRIOR_RATINGS * priorLevel + teacher.reduce((total, value) => total + value, 0)) /
          (PRIOR_RATINGS + sample.length),
        spread: Math.sqrt(
          (PRIOR_RATINGS * priorSpread ** 2 + sample.length * standardDeviation(teacher) ** 2) /
            (PRIOR_RATINGS + sample.length),
        ),
      };
    };
    const mix = columnMix(columns);
    const placeAt = (index: number, weights: number[], scale: { level: number; spread: number }) =>
      Math.min(high, Math.max(low, scale.level + scale.spread * mix(weights, index)));
    const drafted = nearestRating(criterion, placeAt(0, coefficients, levelAndSpread(rated)));

    const title = criterion.description.trim() || 'This criterion';
    const measureWords =
      kinds.length > 0
        ? `judged as ${kinds.join(' and ')} (from its ${from}): about ${Math.round(share * 100)}% its own measure, ${Math.round((1 - share) * 100)}% the work as a whole${fittedOn > 0 ? ` (fitted on your ${fittedOn} ratings)` : ''}`
        : 'judged from the work as a whole: its title, description and ratings name nothing the offline engine measures on its own';
    const levelWords =
      rated.length > 0
        ? `level and spread follow your ${rated.length} rating${rated.length === 1 ? '' : 's'} of it`
        : 'level and spread from the class';
    let trust: string | null = null;
    let sureness: CriterionSureness | null = null;
    if (rated.length >= 3 && criterion.ratings.length > 0) {
      // Each of her ratings against the criterion's placement of that work by a draft that never saw
      // it: level, spread and weights from her other ratings, as the total's trust line. Up to ten
      // of her ratings that is one fit per rating; beyond, ten folds, so a draft stays quick.
      const folds = Math.min(rated.length, MAX_AGREEMENT_FOLDS);
      let within = 0;
      for (let fold = 0; fold < folds; fold += 1) {
        const others = rated.filter((_, position) => position % folds !== fold);
        const weights = fitOn(others) ?? prior;
        const scale = levelAndSpread(others);
        rated.forEach((item, position) => {
          if (position % folds !== fold) return;
          const placed = nearestRating(criterion, placeAt(item.index, weights, scale));
          if (Math.abs(placed.rank - nearestRating(criterion, item.points).rank) <= 1) within += 1;
        });
      }
      trust = `${title}: within one rating of yours on ${within} of ${rated.length}.`;
      const share = within / rated.length;
      sureness = {
        level: share >= 0.8 ? 'sure' : share >= 0.6 ? 'fairly-sure' : 'unsure',
        words: `Within one rating of yours on ${within} of the ${rated.length} you rated.`,
      };
    }
    return {
      criterionId: criterion.id,
      points: drafted.points,
      kinds,
      basis: `${title}: ${formatPoints(drafted.points)} of ${formatPoints(high)}, ${measureWords}; ${levelWords}.`,
      trust,
      sureness,
    };
  });
}
