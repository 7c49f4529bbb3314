import type { RubricCriterion } from '@/shared/schemas/ai';
import { mean, standardDeviation } from './agreement';
import type { FeatureKey } from './essay-features';
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

/** What each kind is measured by: weights on the class-relative features. */
const KIND_MEASURES: Record<CriterionKind, Partial<Record<FeatureKey, number>>> = {
  'ideas and content': { length: 0.35, development: 0.35, topicCoverage: 0.3 },
  organization: { organisation: 0.6, development: 0.2, length: 0.2 },
  voice: { vocabulary: 0.4, sentenceVariety: 0.4, development: 0.2 },
  'word choice': { vocabulary: 0.8, spelling: 0.2 },
  'sentence fluency': { conventions: 0.4, vocabulary: 0.3, sentenceVariety: 0.3 },
  conventions: { spelling: 0.5, conventions: 0.5 },
  sources: { sourceUse: 0.5, evidence: 0.5 },
  'prompt adherence': { topicFocus: 0.4, sourceUse: 0.3, topicCoverage: 0.3 },
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
/** The own-measure share is fitted from this many of her ratings on; the prior weighs as this many. */
export const MIN_RATINGS_TO_FIT_SHARE = 10;
const PRIOR_SHARE_WEIGHT = 20;
const SHARE_GRID = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

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
export type ClassMember = { prediction: ScalePrediction; rubric: Record<string, number> | null };

export type CriterionRating = {
  criterionId: string;
  /** Points of the nearest rating (or the points themselves for a criterion without ratings). */
  points: number;
  kinds: CriterionKind[];
  /** Teacher-only: what the rating rests on. */
  basis: string;
  /** Teacher-only: how the criterion agrees with her on the work she rated ("Organization: within one rating of yours on 8 of 10"). */
  trust: string | null;
};

function zScores(values: number[]): number[] {
  const average = mean(values);
  const spread = standardDeviation(values);
  return values.map((value) => (spread > 1e-9 ? (value - average) / spread : 0));
}

function correlation(a: number[], b: number[]): number {
  const za = zScores(a);
  const zb = zScores(b);
  return a.length > 1 ? mean(za.map((value, index) => value * zb[index]!)) : 0;
}

function ownMeasure(prediction: ScalePrediction, weights: Partial<Record<FeatureKey, number>>): number {
  let total = 0;
  for (const effect of prediction.effects) total += (weights[effect.key] ?? 0) * effect.relativeToClass;
  return total;
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
  return rubric.map((criterion) => {
    const { low, high } = criterionRange(criterion);
    const { kinds, from } = criterionKinds(criterion);
    const weights: Partial<Record<FeatureKey, number>> = {};
    for (const kind of kinds)
      for (const [key, weight] of Object.entries(KIND_MEASURES[kind]) as [FeatureKey, number][])
        weights[key] = (weights[key] ?? 0) + weight / kinds.length;
    const ownZ = kinds.length > 0 ? zScores(members.map((member) => ownMeasure(member.prediction, weights))) : wholeZ;
    const priorShare = kinds.length > 0 ? Math.max(...kinds.map((kind) => KIND_PRIOR_SHARE[kind])) : 0;

    // Her ratings of this criterion on the graded work.
    const rated = members.flatMap((member, index) => {
      const points = member.rubric?.[criterion.id];
      return points === undefined || points === null ? [] : [{ index, points: Math.min(high, Math.max(low, points)) }];
    });
    const mixAt = (share: number) => zScores(wholeZ.map((value, index) => (1 - share) * value + share * ownZ[index]!));
    let share = priorShare;
    let fittedShare: number | null = null;
    if (kinds.length > 0 && rated.length >= MIN_RATINGS_TO_FIT_SHARE) {
      const teacher = rated.map((item) => item.points);
      let best = { share: priorShare, r: -Infinity };
      for (const candidate of SHARE_GRID) {
        const mixed = mixAt(candidate);
        const r = correlation(
          rated.map((item) => mixed[item.index]!),
          teacher,
        );
        if (r > best.r + 1e-9) best = { share: candidate, r };
      }
      fittedShare = best.share;
      share = (PRIOR_SHARE_WEIGHT * priorShare + rated.length * best.share) / (PRIOR_SHARE_WEIGHT + rated.length);
    }
    const mixed = mixAt(share);

    // Level and spread: the class's drafted grades on this criterion's range, pulled toward hers.
    const range = high - low;
    const priorLevel = low + mean(shares) * range;
    const priorSpread = standardDeviation(shares) * range;
    let level = priorLevel;
    let spread = priorSpread;
    if (rated.length > 0) {
      const teacher = rated.map((item) => item.points);
      level =
        (PRIOR_RATINGS * priorLevel + teacher.reduce((total, value) => total + value, 0)) /
        (PRIOR_RATINGS + rated.length);
      const teacherSpread = standardDeviation(teacher);
      spread = Math.sqrt(
        (PRIOR_RATINGS * priorSpread ** 2 + rated.length * teacherSpread ** 2) / (PRIOR_RATINGS + rated.length),
      );
    }
    const placeAt = (index: number) => Math.min(high, Math.max(low, level + spread * mixed[index]!));
    const drafted = nearestRating(criterion, placeAt(0));

    const title = criterion.description.trim() || 'This criterion';
    const measureWords =
      kinds.length > 0
        ? `judged as ${kinds.join(' and ')} (from its ${from}): ${Math.round(share * 100)}% its own measure, ${Math.round((1 - share) * 100)}% the work as a whole${fittedShare !== null ? ` (fitted on your ${rated.length} ratings)` : ''}`
        : 'judged from the work as a whole: its title, description and ratings name nothing the offline engine measures on its own';
    const levelWords =
      rated.length > 0
        ? `level and spread follow your ${rated.length} rating${rated.length === 1 ? '' : 's'} of it`
        : 'level and spread from the class';
    let trust: string | null = null;
    if (rated.length >= 3 && criterion.ratings.length > 0) {
      const within = rated.filter(
        (item) =>
          Math.abs(nearestRating(criterion, placeAt(item.index)).rank - nearestRating(criterion, item.points).rank) <=
          1,
      ).length;
      trust = `${title}: within one rating of yours on ${within} of ${rated.length}.`;
    }
    return {
      criterionId: criterion.id,
      points: drafted.points,
      kinds,
      basis: `${title}: ${formatPoints(drafted.points)} of ${formatPoints(high)}, ${measureWords}; ${levelWords}.`,
      trust,
    };
  });
}
