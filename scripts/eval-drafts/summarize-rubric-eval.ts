import {
  adjacentAgreement,
  exactAgreement,
  mean,
  quadraticWeightedKappa,
} from '../../src/server/modules/grading/drafting/offline/calibration/agreement';
import { compareIds, type SetCriterion } from './read-essay-data';

/**
 * Rubric drafts against human criterion scores (`npm run eval:drafts -- --rubric`): per set, k and
 * criterion, how the drafted rating agrees with the person's, beside the even split of the drafted
 * total, and whether the rating says anything the total does not (partial correlation given it).
 */

/** One drafted essay of one draw: the drafted total and ratings, and the human ones, by criterion name. */
export type RubricDraftedEssay = {
  essayId: string;
  /** The drafted total (the sum of the drafted ratings). */
  total: number;
  drafted: Record<string, number>;
  human: Record<string, number>;
  /** A second rater's scores, for the criteria that have one. */
  humanRater2: Record<string, number>;
};

export type RubricDrawOutcome = {
  set: string;
  k: number;
  draw: number;
  criteria: SetCriterion[];
  essays: RubricDraftedEssay[];
};

export type RubricEvalRow = {
  set: string;
  k: number;
  /** A criterion's name, or "mean" for the mean over the set's criteria. */
  criterion: string;
  qwk: number;
  exact: number;
  adjacent: number;
  /** The drafted total spread evenly over the criteria (each at the same share of its range). */
  evenSplitQwk: number;
  evenSplitExact: number;
  /** Correlation of drafted and human rating with the drafted total held fixed. */
  partialCorrelation: number;
  humanHumanQwk: number | null;
  draws: number;
  drafts: number;
};

/** A rating on the criterion's own levels: rounded half up, then clamped to min..max. */
export function onCriterionScale(points: number, criterion: Pick<SetCriterion, 'min' | 'max'>): number {
  return Math.min(criterion.max, Math.max(criterion.min, Math.floor(points + 0.5)));
}

/**
 * The even-split baseline: the drafted total, as a share of the rubric's range, given to every
 * criterion at the same share of its own range, rounded to its levels.
 */
export function evenSplit(total: number, criteria: readonly SetCriterion[]): Record<string, number> {
  const low = criteria.reduce((sum, criterion) => sum + criterion.min, 0);
  const high = criteria.reduce((sum, criterion) => sum + criterion.max, 0);
  const share = high > low ? Math.min(1, Math.max(0, (total - low) / (high - low))) : 0;
  return Object.fromEntries(
    criteria.map((criterion) => [
      criterion.name,
      onCriterionScale(criterion.min + share * (criterion.max - criterion.min), criterion),
    ]),
  );
}

export function correlation(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n < 2 || b.length !== n) return 0;
  const meanA = mean(a);
  const meanB = mean(b);
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let index = 0; index < n; index += 1) {
    const x = a[index]! - meanA;
    const y = b[index]! - meanB;
    covariance += x * y;
    varianceA += x * x;
    varianceB += y * y;
  }
  return varianceA > 0 && varianceB > 0 ? covariance / Math.sqrt(varianceA * varianceB) : 0;
}

/** Correlation of x and y with z held fixed (0 when either is a function of z alone). */
export function partialCorrelation(x: readonly number[], y: readonly number[], z: readonly number[]): number {
  const xy = correlation(x, y);
  const xz = correlation(x, z);
  const yz = correlation(y, z);
  const denominator = Math.sqrt((1 - xz * xz) * (1 - yz * yz));
  return denominator > 1e-9 ? (xy - xz * yz) / denominator : 0;
}

function summarizeCriterion(outcome: RubricDrawOutcome, criterion: SetCriterion) {
  const essays = outcome.essays.filter((essay) => essay.human[criterion.name] !== undefined);
  const drafted = essays.map((essay) => onCriterionScale(essay.drafted[criterion.name] ?? 0, criterion));
  const human = essays.map((essay) => essay.human[criterion.name]!);
  const even = essays.map((essay) => evenSplit(essay.total, outcome.criteria)[criterion.name]!);
  const second = essays.filter((essay) => essay.humanRater2[criterion.name] !== undefined);
  return {
    qwk: quadraticWeightedKappa(drafted, human),
    exact: exactAgreement(drafted, human),
    adjacent: adjacentAgreement(drafted, human),
    evenSplitQwk: quadraticWeightedKappa(even, human),
    evenSplitExact: exactAgreement(even, human),
    partialCorrelation: partialCorrelation(
      drafted,
      human,
      essays.map((essay) => essay.total),
    ),
    humanHumanQwk:
      second.length > 0
        ? quadraticWeightedKappa(
            second.map((essay) => essay.human[criterion.name]!),
            second.map((essay) => essay.humanRater2[criterion.name]!),
          )
        : null,
    drafts: essays.length,
  };
}

/** Per set, k and criterion, each measure averaged over the draws; then per set and k, the mean over its criteria. */
export function summarizeRubricOutcomes(outcomes: RubricDrawOutcome[]): RubricEvalRow[] {
  const groups = new Map<string, RubricDrawOutcome[]>();
  for (const outcome of outcomes) {
    if (outcome.essays.length === 0) continue;
    const key = `${outcome.set}\u0000${outcome.k}`;
    groups.set(key, [...(groups.get(key) ?? []), outcome]);
  }
  const rows: RubricEvalRow[] = [];
  for (const group of [...groups.values()].sort((a, b) => compareIds(a[0]!.set, b[0]!.set) || a[0]!.k - b[0]!.k)) {
    const { set, k, criteria } = group[0]!;
    const criterionRows = criteria.map((criterion): RubricEvalRow => {
      const draws = group.map((outcome) => summarizeCriterion(outcome, criterion));
      const average = (pick: (draw: (typeof draws)[number]) => number) => mean(draws.map(pick));
      const humanHuman = draws.map((draw) => draw.humanHumanQwk).filter((value): value is number => value !== null);
      return {
        set,
        k,
        criterion: criterion.name,
        qwk: average((draw) => draw.qwk),
        exact: average((draw) => draw.exact),
        adjacent: average((draw) => draw.adjacent),
        evenSplitQwk: average((draw) => draw.evenSplitQwk),
        evenSplitExact: average((draw) => draw.evenSplitExact),
        partialCorrelation: average((draw) => draw.partialCorrelation),
        humanHumanQwk: humanHuman.length > 0 ? mean(humanHuman) : null,
        draws: group.length,
        drafts: draws.reduce((total, draw) => total + draw.drafts, 0),
      };
    });
    rows.push(...criterionRows, meanRow(set, k, criterionRows));
  }
  return rows;
}

function meanRow(set: string, k: number, rows: RubricEvalRow[]): RubricEvalRow {
  const average = (pick: (row: RubricEvalRow) => number) => mean(rows.map(pick));
  const humanHuman = rows.map((row) => row.humanHumanQwk).filter((value): value is number => value !== null);
  return {
    set,
    k,
    criterion: 'mean',
    qwk: average((row) => row.qwk),
    exact: average((row) => row.exact),
    adjacent: average((row) => row.adjacent),
    evenSplitQwk: average((row) => row.evenSplitQwk),
    evenSplitExact: average((row) => row.evenSplitExact),
    partialCorrelation: average((row) => row.partialCorrelation),
    humanHumanQwk: humanHuman.length > 0 ? mean(humanHuman) : null,
    draws: Math.max(0, ...rows.map((row) => row.draws)),
    drafts: Math.max(0, ...rows.map((row) => row.drafts)),
  };
}

/** The goals are means over sets: per k, the mean of the sets' per-criterion means. */
export function rubricMeanOverSets(rows: RubricEvalRow[]): RubricEvalRow[] {
  const means = rows.filter((row) => row.criterion === 'mean' && row.set !== 'mean');
  const ks = [...new Set(means.map((row) => row.k))].sort((a, b) => a - b);
  return ks.map((k) => ({
    ...meanRow(
      'mean',
      k,
      means.filter((row) => row.k === k),
    ),
    criterion: 'mean',
  }));
}

const fixed = (value: number) => value.toFixed(3);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** A Markdown table of the rubric rows. */
export function formatRubricTable(rows: RubricEvalRow[]): string {
  const header = [
    'set',
    'k',
    'criterion',
    'draws',
    'drafts',
    'QWK',
    'even split QWK',
    'QWK − even split',
    'exact',
    'even split exact',
    'adjacent',
    'partial r given total',
    'human-human QWK',
  ];
  const lines = rows.map((row) => [
    row.set,
    String(row.k),
    row.criterion === 'mean' ? '*mean*' : row.criterion,
    String(row.draws),
    String(row.drafts),
    fixed(row.qwk),
    fixed(row.evenSplitQwk),
    (row.qwk - row.evenSplitQwk >= 0 ? '+' : '') + fixed(row.qwk - row.evenSplitQwk),
    percent(row.exact),
    percent(row.evenSplitExact),
    percent(row.adjacent),
    fixed(row.partialCorrelation),
    row.humanHumanQwk === null ? 'n/a' : fixed(row.humanHumanQwk),
  ]);
  return [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
