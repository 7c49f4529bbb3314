import type { DraftConfidence } from '@/shared/schemas/draft-basis';
import type { FeatureEffect } from './fit-scale-model';
import type { FeatureKey } from './essay-features';

/**
 * How sure a draft grade is, beside the grade (decision 053). Two things make the scale model's
 * grade unsure, both readable from what it measured:
 *
 * - the measures of the work disagree: its length and development say one thing and its coverage
 *   of the topic another (a long answer that drifts from the task, a short one that hits it), so
 *   the grade rests on which of them the teacher weighs; and
 * - the grade falls in the middle of the scale, where a miss can go either way by the most.
 *
 * On the development essays the drafts ranked least sure by this measure hold about two in five
 * of the drafts that miss the human grade by two points or more in their least sure fifth (twice
 * chance). The words come from the teacher's own grades: each graded piece is drafted by a fit
 * that did not see it (the scale model's cross-validation), and a draft is described by how often
 * the graded work nearest to it in sureness was drafted within one point.
 */

const LENGTH_SIDE: FeatureKey[] = ['length', 'development'];
const TOPIC_SIDE: FeatureKey[] = ['topicCoverage', 'topicFocus'];
/** The weight of mid-scale against disagreement (in class standard deviations). */
const MIDDLE_WEIGHT = 1;
/** Fewer graded than this: the words compare the draft with the class instead of claiming a rate. */
export const MIN_GRADES_FOR_CONFIDENCE = 5;
/** Share of the class above which a draft counts among the least sure when there are no grades to check. */
const LEAST_SURE_SHARE = 0.2;

function meanOf(effects: readonly FeatureEffect[], keys: readonly FeatureKey[]): number {
  const values = effects.filter((effect) => keys.includes(effect.key)).map((effect) => effect.relativeToClass);
  return values.length === 0 ? 0 : values.reduce((total, value) => total + value, 0) / values.length;
}

/** Larger is less sure; comparable between the drafts of one class. */
export function measureUncertainty(
  effects: readonly FeatureEffect[],
  unrounded: number,
  pointsPossible: number,
): number {
  const disagreement = Math.abs(meanOf(effects, LENGTH_SIDE) - meanOf(effects, TOPIC_SIDE));
  const share = pointsPossible > 0 ? Math.min(1, Math.max(0, unrounded / pointsPossible)) : 0.5;
  const middle = 0.5 - Math.abs(share - 0.5);
  return Math.round((disagreement + MIDDLE_WEIGHT * middle) * 1000) / 1000;
}

/** One of the teacher's grades checked by a fit that did not see it. */
export type ConfidenceCheck = { uncertainty: number; error: number };

const formatPoints = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));

function withinWords(tolerance: number): string {
  return tolerance === 1 ? 'one point' : `${formatPoints(tolerance)} points`;
}

/**
 * Turns a draft's uncertainty into words, from the teacher's checked grades (`checks`) when there
 * are enough, else from where the draft sits among the class's drafts (`classUncertainties`).
 */
export function describeConfidence(input: {
  uncertainty: number;
  checks: readonly ConfidenceCheck[];
  classUncertainties: readonly number[];
  tolerance: number;
}): DraftConfidence {
  const { uncertainty, checks, tolerance } = input;
  const classCount = input.classUncertainties.length;
  const surerThan = input.classUncertainties.filter((other) => other > uncertainty).length;
  const isAmongLeastSure = classCount >= 5 && surerThan / classCount < LEAST_SURE_SHARE;
  if (checks.length >= MIN_GRADES_FOR_CONFIDENCE) {
    // The graded work nearest in sureness: a third of it, at least five.
    const nearest = Math.min(checks.length, Math.max(MIN_GRADES_FOR_CONFIDENCE, Math.round(checks.length / 3)));
    const alike = [...checks]
      .sort((a, b) => Math.abs(a.uncertainty - uncertainty) - Math.abs(b.uncertainty - uncertainty))
      .slice(0, nearest);
    const within = alike.filter((check) => check.error <= tolerance + 1e-9).length;
    const share = within / alike.length;
    const level =
      share >= 0.8 && !isAmongLeastSure ? 'sure' : share >= 0.6 && !isAmongLeastSure ? 'fairly-sure' : 'unsure';
    const words =
      level === 'sure'
        ? `Likely within ${withinWords(tolerance)} of your grade`
        : level === 'fairly-sure'
          ? `Probably within ${withinWords(tolerance)} of your grade`
          : `Unsure: may be off by more than ${withinWords(tolerance)}`;
    return {
      uncertainty,
      level,
      words,
      alikeChecked: alike.length,
      alikeWithin: within,
    };
  }
  const level = isAmongLeastSure ? 'unsure' : 'fairly-sure';
  return {
    uncertainty,
    level,
    words: isAmongLeastSure
      ? 'Unsure: among the least sure drafts of this class'
      : 'About as sure as most drafts of this class (checked against your grades once you have graded 5)',
    alikeChecked: null,
    alikeWithin: null,
  };
}
