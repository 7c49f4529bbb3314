import { describe, expect, it } from 'vitest';
import {
  countBigMissesAmongLeastSure,
  formatLeastSure,
  formatResultsTable,
  meanOverSets,
  summarizeOutcomes,
  toSetScale,
  type DrawOutcome,
} from './summarize-draft-eval';

const essay = (
  id: string,
  grade: number,
  score: number,
  lengthBaselineGrade = score,
  rater1: number | null = score,
  rater2: number | null = score,
) => ({
  essayId: id,
  grade,
  lengthBaselineGrade,
  score,
  rater1,
  rater2,
});

describe('summarising the evaluation', () => {
  it('counts the drafts missing by two or more that were marked among the least sure fifth', () => {
    const drafted = Array.from({ length: 10 }, (_, index) => ({
      ...essay(`e${index}`, 3, index < 3 ? 1 : 3),
      uncertainty: index === 0 || index === 9 ? 1 : 0,
    }));
    // Misses e0, e1, e2; the least sure two are e0 and e9: one of three misses caught.
    expect(countBigMissesAmongLeastSure(drafted)).toEqual({ misses: 3, caught: 1 });
    // A constant uncertainty is no better than chance: ties count against it.
    const flat = drafted.map((each) => ({ ...each, uncertainty: 0.5 }));
    expect(countBigMissesAmongLeastSure(flat)).toEqual({ misses: 3, caught: 0 });
    expect(formatLeastSure({ bigMisses: 3, bigMissesAmongLeastSure: 1 })).toBe('33.3% (1 of 3)');
    expect(formatLeastSure({ bigMisses: 0, bigMissesAmongLeastSure: 0 })).toBe('no misses');
    // Drafts that carry no sureness mark none least sure: the figure is not there, rather than 0 %.
    const unmarked = drafted.map((each) => ({ ...each, uncertainty: null }));
    expect(countBigMissesAmongLeastSure(unmarked)).toEqual({ misses: 3, caught: null });
    expect(formatLeastSure({ bigMisses: 3, bigMissesAmongLeastSure: null })).toBe('n/a (no sureness)');
  });

  it('puts a draft grade on the set’s scale: half up, then clamped', () => {
    expect(toSetScale(2.5, 0, 3)).toBe(3);
    expect(toSetScale(2.49, 0, 3)).toBe(2);
    expect(toSetScale(0, 1, 6)).toBe(1);
    expect(toSetScale(7, 1, 6)).toBe(6);
  });

  it('averages each measure over the draws of a set and k, sums quotes and takes speed over all drafts', () => {
    const outcomes: DrawOutcome[] = [
      {
        set: '2',
        k: 10,
        draw: 1,
        essays: [essay('a', 1, 1), essay('b', 2, 2), essay('c', 3, 3), essay('d', 4, 4)],
        quotesNotVerbatim: 1,
        seconds: 0.02,
        cpuSeconds: 0.01,
      },
      {
        set: '2',
        k: 10,
        draw: 2,
        essays: [essay('a', 2, 1), essay('b', 2, 2), essay('c', 3, 3), essay('d', 3, 4, 1)],
        quotesNotVerbatim: 0,
        seconds: 0.02,
        cpuSeconds: 0.01,
      },
      {
        set: '10',
        k: 0,
        draw: 1,
        essays: [essay('x', 1, 1, 1, 1, 2), essay('y', 2, 2, 2, 2, 2)],
        quotesNotVerbatim: 0,
        seconds: 0.01,
        cpuSeconds: 0.01,
      },
    ];
    const rows = summarizeOutcomes(outcomes);
    expect(rows.map((row) => [row.set, row.k])).toEqual([
      ['2', 10],
      ['10', 0],
    ]);
    const [set2] = rows;
    // Draw 2: 1 - mean squared difference 0.5 / (0.25 + 1.25 + 0) = 2/3.
    expect(set2!.qwk).toBeCloseTo((1 + 2 / 3) / 2, 10);
    expect(set2!.exact).toBeCloseTo((1 + 0.5) / 2, 10);
    expect(set2!.adjacent).toBe(1);
    expect(set2!.humanHumanQwk).toBe(1);
    expect(set2!.quotesNotVerbatim).toBe(1);
    expect(set2!.draftsPerSecond).toBeCloseTo(200, 6);
    expect(set2!.draftsPerCpuSecond).toBeCloseTo(400, 6);
    expect(set2!.draws).toBe(2);
    expect(set2!.qwkSpread).toBeCloseTo(1 / 6, 10);
    expect(set2!.lengthBaselineQwk).toBeLessThan(1);
  });

  it('gives the goals’ means over sets, one row per k, and a Markdown table', () => {
    const rows = summarizeOutcomes([
      {
        set: '1',
        k: 0,
        draw: 1,
        essays: [essay('a', 1, 1), essay('b', 2, 2)],
        quotesNotVerbatim: 0,
        seconds: 1,
        cpuSeconds: 0.5,
      },
      {
        set: '3',
        k: 0,
        draw: 1,
        essays: [essay('c', 2, 1), essay('d', 1, 2)],
        quotesNotVerbatim: 2,
        seconds: 1,
        cpuSeconds: 0.5,
      },
    ]);
    const [mean] = meanOverSets(rows);
    expect(mean).toMatchObject({
      set: 'mean',
      k: 0,
      qwk: 0,
      quotesNotVerbatim: 2,
      draftsPerSecond: 2,
      draftsPerCpuSecond: 4,
      drafts: 4,
    });
    const table = formatResultsTable([...rows, mean!]).split('\n');
    expect(table[0]).toMatch(/^\| set \| k \| draws \| drafts \| QWK \|/);
    expect(table).toHaveLength(5);
    expect(table[4]).toMatch(/^\| mean \| 0 \| 1 \| 4 \| 0\.000 \|/);
  });

  it('compares each k with the k = 0 drafts of the same essays, so examples are judged like for like', () => {
    const rows = summarizeOutcomes([
      // k = 0 drafts every essay; it gets a and b exactly right and c, d badly wrong.
      {
        set: '2',
        k: 0,
        draw: 1,
        essays: [essay('a', 1, 1), essay('b', 4, 4), essay('c', 4, 2), essay('d', 1, 3)],
        quotesNotVerbatim: 0,
        seconds: 1,
        cpuSeconds: 1,
      },
      // a and b were drawn as the teacher's graded work: only c and d are drafted.
      {
        set: '2',
        k: 2,
        draw: 1,
        essays: [essay('c', 2, 2), essay('d', 3, 3)],
        quotesNotVerbatim: 0,
        seconds: 1,
        cpuSeconds: 1,
      },
      {
        set: '2',
        k: 2,
        draw: 2,
        essays: [essay('a', 1, 1), essay('b', 4, 4)],
        quotesNotVerbatim: 0,
        seconds: 1,
        cpuSeconds: 1,
      },
      // No k = 0 run of this set.
      {
        set: '3',
        k: 2,
        draw: 1,
        essays: [essay('e', 1, 1), essay('f', 2, 2)],
        quotesNotVerbatim: 0,
        seconds: 1,
        cpuSeconds: 1,
      },
    ]);
    const [zero, two, other] = rows;
    expect(zero!.zeroShotSameEssaysQwk).toBeNull();
    // Draw 1: k = 0 on c and d only (4 and 1 against 2 and 3): 1 - 4 / (2.25 + 0.25 + 0) = -0.6.
    // Draw 2: k = 0 on a and b, 1. Their mean: 0.2.
    expect(two!.zeroShotSameEssaysQwk).toBeCloseTo(0.2, 10);
    expect(two!.qwk).toBe(1);
    expect(other!.zeroShotSameEssaysQwk).toBeNull();
    const table = formatResultsTable(rows).split('\n');
    expect(table[0]).toMatch(/\| ± \| k=0 QWK, same essays \| exact \|/);
    expect(table[3]).toMatch(/^\| 2 \| 2 \| 2 \| 4 \| 1\.000 \| 0\.000 \| 0\.200 \|/);
  });

  it('skips draws with nothing drafted and reports no human-human figure without two raters', () => {
    const rows = summarizeOutcomes([
      { set: '1', k: 30, draw: 1, essays: [], quotesNotVerbatim: 0, seconds: 0, cpuSeconds: 0 },
      {
        set: '1',
        k: 0,
        draw: 1,
        essays: [essay('a', 1, 1, 1, null, null), essay('b', 2, 2, 2, null, null)],
        quotesNotVerbatim: 0,
        seconds: 1,
        cpuSeconds: 0.5,
      },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.humanHumanQwk).toBeNull();
  });
});
