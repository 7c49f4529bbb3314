import {
  adjacentAgreement,
  exactAgreement,
  mean,
  quadraticWeightedKappa,
  standardDeviation,
} from '../../src/server/modules/grading/drafting/offline/calibration/agreement';
import { compareIds } from './read-essay-data';

/** One drafted essay of one draw: the draft grade and the baseline's, both on the set's scale. */
export type DraftedEssay = {
  essayId: string;
  grade: number;
  lengthBaselineGrade: number;
  score: number;
  rater1: number | null;
  rater2: number | null;
  /** How unsure the draft said it was (larger is less sure); null when it said nothing. */
  uncertainty?: number | null;
};

/** The share of a draw's drafts marked least sure (the "20 % marked least sure"). */
export const LEAST_SURE_SHARE = 0.2;

/**
 * Of the drafts that miss the human grade by two points (or rating levels) or more, how many fall
 * among the LEAST_SURE_SHARE of drafts marked least sure. Ties in uncertainty are broken against
 * the measure (misses last), so a constant uncertainty scores no better than chance.
 */
export function countBigMissesAmongLeastSure(essays: readonly DraftedEssay[]): {
  misses: number;
  caught: number | null;
} {
  const misses = essays.filter((essay) => Math.abs(essay.grade - essay.score) >= 2).length;
  // Drafts that say nothing of their sureness mark none least sure: the figure does not exist.
  if (essays.some((essay) => essay.uncertainty === null || essay.uncertainty === undefined))
    return { misses, caught: null };
  const isMiss = (essay: DraftedEssay) => (Math.abs(essay.grade - essay.score) >= 2 ? 1 : 0);
  const ranked = [...essays].sort((a, b) => b.uncertainty! - a.uncertainty! || isMiss(a) - isMiss(b));
  const marked = ranked.slice(0, Math.round(essays.length * LEAST_SURE_SHARE));
  return { misses, caught: marked.filter((essay) => isMiss(essay) === 1).length };
}

/** Everything one draw of one set at one k produced. */
export type DrawOutcome = {
  set: string;
  k: number;
  draw: number;
  essays: DraftedEssay[];
  quotesNotVerbatim: number;
  /** Wall-clock time of the drafting (fit included). */
  seconds: number;
  /** Processor time of the same work: on a shared machine it says more about the code than the clock does. */
  cpuSeconds: number;
};

/** One line of the table (the JSON `results` keep the fields; the rest is for the terminal). */
export type EvalRow = {
  set: string;
  k: number;
  qwk: number;
  exact: number;
  adjacent: number;
  lengthBaselineQwk: number;
  humanHumanQwk: number | null;
  /**
   * For k > 0: the k = 0 drafts' QWK on the same essays (those not drawn as graded), averaged over
   * the draws, so "examples never make agreement worse" compares like with like. Null at k = 0 or
   * without a k = 0 run of the set.
   */
  zeroShotSameEssaysQwk: number | null;
  quotesNotVerbatim: number;
  draftsPerSecond: number;
  draftsPerCpuSecond: number;
  draws: number;
  drafts: number;
  /** Standard deviation of the QWK over draws (0 with one draw). */
  qwkSpread: number;
  gradeMean: number;
  gradeSpread: number;
  humanMean: number;
  humanSpread: number;
  /**
   * Drafts (over the draws) missing the human grade by 2 or more, and how many of them were marked
   * least sure (null when the drafts carried no sureness).
   */
  bigMisses: number;
  bigMissesAmongLeastSure: number | null;
};

/** A draft grade (points) on the set's own scale: rounded half up, as a teacher would, then clamped to min..max. */
export function toSetScale(grade: number, minScore: number, maxScore: number): number {
  return Math.min(maxScore, Math.max(minScore, Math.floor(grade + 0.5)));
}

function summarizeDraw(outcome: DrawOutcome, zeroShotGrades: Map<string, number> | undefined) {
  const grades = outcome.essays.map((essay) => essay.grade);
  const scores = outcome.essays.map((essay) => essay.score);
  const rated = outcome.essays.filter((essay) => essay.rater1 !== null && essay.rater2 !== null);
  const zeroShot =
    outcome.k > 0 && zeroShotGrades && outcome.essays.every((essay) => zeroShotGrades.has(essay.essayId))
      ? outcome.essays.map((essay) => zeroShotGrades.get(essay.essayId)!)
      : null;
  return {
    zeroShotSameEssaysQwk: zeroShot ? quadraticWeightedKappa(zeroShot, scores) : null,
    qwk: quadraticWeightedKappa(grades, scores),
    exact: exactAgreement(grades, scores),
    adjacent: adjacentAgreement(grades, scores),
    lengthBaselineQwk: quadraticWeightedKappa(
      outcome.essays.map((essay) => essay.lengthBaselineGrade),
      scores,
    ),
    humanHumanQwk:
      rated.length > 0
        ? quadraticWeightedKappa(
            rated.map((essay) => essay.rater1!),
            rated.map((essay) => essay.rater2!),
          )
        : null,
    gradeMean: mean(grades),
    gradeSpread: standardDeviation(grades),
    humanMean: mean(scores),
    humanSpread: standardDeviation(scores),
    leastSure: countBigMissesAmongLeastSure(outcome.essays),
  };
}

/** Per set and k: each measure averaged over the draws; quotes summed; speed over all drafts. */
export function summarizeOutcomes(outcomes: DrawOutcome[]): EvalRow[] {
  const groups = new Map<string, DrawOutcome[]>();
  for (const outcome of outcomes) {
    if (outcome.essays.length === 0) continue;
    const key = `${outcome.set}\u0000${outcome.k}`;
    groups.set(key, [...(groups.get(key) ?? []), outcome]);
  }
  // The k = 0 draft of every essay, per set (its first draw: nothing varies between k = 0 draws).
  const zeroShotBySet = new Map<string, Map<string, number>>();
  for (const outcome of outcomes) {
    if (outcome.k !== 0 || zeroShotBySet.has(outcome.set)) continue;
    zeroShotBySet.set(outcome.set, new Map(outcome.essays.map((essay) => [essay.essayId, essay.grade])));
  }
  const rows: EvalRow[] = [];
  for (const group of groups.values()) {
    const first = group[0]!;
    const draws = group.map((outcome) => summarizeDraw(outcome, zeroShotBySet.get(outcome.set)));
    const average = (pick: (draw: (typeof draws)[number]) => number) => mean(draws.map(pick));
    const humanHuman = draws.map((draw) => draw.humanHumanQwk).filter((value): value is number => value !== null);
    const zeroShot = draws.map((draw) => draw.zeroShotSameEssaysQwk);
    const drafts = group.reduce((total, outcome) => total + outcome.essays.length, 0);
    const seconds = group.reduce((total, outcome) => total + outcome.seconds, 0);
    const cpuSeconds = group.reduce((total, outcome) => total + outcome.cpuSeconds, 0);
    rows.push({
      set: first.set,
      k: first.k,
      qwk: average((draw) => draw.qwk),
      exact: average((draw) => draw.exact),
      adjacent: average((draw) => draw.adjacent),
      lengthBaselineQwk: average((draw) => draw.lengthBaselineQwk),
      humanHumanQwk: humanHuman.length > 0 ? mean(humanHuman) : null,
      zeroShotSameEssaysQwk: zeroShot.every((value) => value !== null) ? mean(zeroShot as number[]) : null,
      quotesNotVerbatim: group.reduce((total, outcome) => total + outcome.quotesNotVerbatim, 0),
      draftsPerSecond: seconds > 0 ? drafts / seconds : 0,
      draftsPerCpuSecond: cpuSeconds > 0 ? drafts / cpuSeconds : 0,
      draws: group.length,
      drafts,
      qwkSpread: standardDeviation(draws.map((draw) => draw.qwk)),
      gradeMean: average((draw) => draw.gradeMean),
      gradeSpread: average((draw) => draw.gradeSpread),
      humanMean: average((draw) => draw.humanMean),
      humanSpread: average((draw) => draw.humanSpread),
      bigMisses: draws.reduce((total, draw) => total + draw.leastSure.misses, 0),
      bigMissesAmongLeastSure: sumOrNull(draws.map((draw) => draw.leastSure.caught)),
    });
  }
  return rows.sort((a, b) => compareIds(a.set, b.set) || a.k - b.k);
}

/** The goals are means over sets: one row per k, averaging the sets' rows. */
export function meanOverSets(rows: EvalRow[]): EvalRow[] {
  const ks = [...new Set(rows.map((row) => row.k))].sort((a, b) => a - b);
  return ks.map((k) => {
    const group = rows.filter((row) => row.k === k);
    const average = (pick: (row: EvalRow) => number) => mean(group.map(pick));
    const humanHuman = group.map((row) => row.humanHumanQwk).filter((value): value is number => value !== null);
    const zeroShot = group.map((row) => row.zeroShotSameEssaysQwk);
    const drafts = group.reduce((total, row) => total + row.drafts, 0);
    const seconds = group.reduce(
      (total, row) => total + (row.draftsPerSecond > 0 ? row.drafts / row.draftsPerSecond : 0),
      0,
    );
    const cpuSeconds = group.reduce(
      (total, row) => total + (row.draftsPerCpuSecond > 0 ? row.drafts / row.draftsPerCpuSecond : 0),
      0,
    );
    return {
      set: 'mean',
      k,
      qwk: average((row) => row.qwk),
      exact: average((row) => row.exact),
      adjacent: average((row) => row.adjacent),
      lengthBaselineQwk: average((row) => row.lengthBaselineQwk),
      humanHumanQwk: humanHuman.length > 0 ? mean(humanHuman) : null,
      zeroShotSameEssaysQwk: zeroShot.every((value) => value !== null) ? mean(zeroShot as number[]) : null,
      quotesNotVerbatim: group.reduce((total, row) => total + row.quotesNotVerbatim, 0),
      draftsPerSecond: seconds > 0 ? drafts / seconds : 0,
      draftsPerCpuSecond: cpuSeconds > 0 ? drafts / cpuSeconds : 0,
      draws: Math.max(...group.map((row) => row.draws)),
      drafts,
      qwkSpread: average((row) => row.qwkSpread),
      gradeMean: average((row) => row.gradeMean),
      gradeSpread: average((row) => row.gradeSpread),
      humanMean: average((row) => row.humanMean),
      humanSpread: average((row) => row.humanSpread),
      bigMisses: group.reduce((total, row) => total + row.bigMisses, 0),
      bigMissesAmongLeastSure: sumOrNull(group.map((row) => row.bigMissesAmongLeastSure)),
    };
  });
}

const fixed = (value: number, digits = 3) => value.toFixed(digits);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

/** The sum of counts, or null when any is unknown. */
function sumOrNull(values: readonly (number | null)[]): number | null {
  return values.some((value) => value === null) ? null : values.reduce<number>((total, value) => total + value!, 0);
}

/** "41.2% (54 of 131)": the share of the big misses marked least sure. */
export function formatLeastSure(row: Pick<EvalRow, 'bigMisses' | 'bigMissesAmongLeastSure'>): string {
  if (row.bigMisses === 0) return 'no misses';
  if (row.bigMissesAmongLeastSure === null) return 'n/a (no sureness)';
  return `${percent(row.bigMissesAmongLeastSure / row.bigMisses)} (${row.bigMissesAmongLeastSure} of ${row.bigMisses})`;
}

/** A Markdown table, readable in a terminal and pasteable into a report. */
export function formatResultsTable(rows: EvalRow[]): string {
  const header = [
    'set',
    'k',
    'draws',
    'drafts',
    'QWK',
    '±',
    'k=0 QWK, same essays',
    'exact',
    'adjacent',
    'length QWK',
    'human-human QWK',
    'quotes not verbatim',
    'drafts/s',
    'drafts/CPU s',
    'mean draft / human',
    'SD draft / human',
    'misses ≥ 2 in least sure 20%',
  ];
  const lines = rows.map((row) => [
    row.set,
    String(row.k),
    String(row.draws),
    String(row.drafts),
    fixed(row.qwk),
    fixed(row.qwkSpread),
    row.zeroShotSameEssaysQwk === null ? '' : fixed(row.zeroShotSameEssaysQwk),
    percent(row.exact),
    percent(row.adjacent),
    fixed(row.lengthBaselineQwk),
    row.humanHumanQwk === null ? 'n/a' : fixed(row.humanHumanQwk),
    String(row.quotesNotVerbatim),
    row.draftsPerSecond.toFixed(0),
    row.draftsPerCpuSecond.toFixed(0),
    `${fixed(row.gradeMean, 2)} / ${fixed(row.humanMean, 2)}`,
    `${fixed(row.gradeSpread, 2)} / ${fixed(row.humanSpread, 2)}`,
    formatLeastSure(row),
  ]);
  return [header, header.map(() => '---'), ...lines].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
}
