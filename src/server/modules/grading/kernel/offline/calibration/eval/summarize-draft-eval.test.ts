import { describe, expect, it } from 'vitest';
import { formatResultsTable, meanOverSets, summarizeOutcomes, toSetScale, type DrawOutcome } from './summarize-draft-eval';

const essay = (id: string, grade: number, score: number, lengthBaselineGrade = score, rater1: number | null = score, rater2: number | null = score) => ({
  essayId: id,
  grade,
  lengthBaselineGrade,
  score,
  rater1,
  rater2,
});

describe('summarising the evaluation', () => {
  it('puts a draft grade on the set’s scale: half up, then clamped', () => {
    expect(toSetScale(2.5, 0, 3)).toBe(3);
    expect(toSetScale(2.49, 0, 3)).toBe(2);
    expect(toSetScale(0, 1, 6)).toBe(1);
    expect(toSetScale(7, 1, 6)).toBe(6);
  });

  it('averages each measure over the draws of a set and k, sums quotes and takes speed over all drafts', () => {
    const outcomes: DrawOutcome[] = [
      { set: '2', k: 10, draw: 1, essays: [essay('a', 1, 1), essay('b', 2, 2), essay('c', 3, 3), essay('d', 4, 4)], quotesNotVerbatim: 1, seconds: 0.02, cpuSeconds: 0.01 },
      { set: '2', k: 10, draw: 2, essays: [essay('a', 2, 1), essay('b', 2, 2), essay('c', 3, 3), essay('d', 3, 4, 1)], quotesNotVerbatim: 0, seconds: 0.02, cpuSeconds: 0.01 },
      { set: '10', k: 0, draw: 1, essays: [essay('x', 1, 1, 1, 1, 2), essay('y', 2, 2, 2, 2, 2)], quotesNotVerbatim: 0, seconds: 0.01, cpuSeconds: 0.01 },
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
      { set: '1', k: 0, draw: 1, essays: [essay('a', 1, 1), essay('b', 2, 2)], quotesNotVerbatim: 0, seconds: 1, cpuSeconds: 0.5 },
      { set: '3', k: 0, draw: 1, essays: [essay('c', 2, 1), essay('d', 1, 2)], quotesNotVerbatim: 2, seconds: 1, cpuSeconds: 0.5 },
    ]);
    const [mean] = meanOverSets(rows);
    expect(mean).toMatchObject({ set: 'mean', k: 0, qwk: 0, quotesNotVerbatim: 2, draftsPerSecond: 2, draftsPerCpuSecond: 4, drafts: 4 });
    const table = formatResultsTable([...rows, mean!]).split('\n');
    expect(table[0]).toMatch(/^\| set \| k \| draws \| drafts \| QWK \|/);
    expect(table).toHaveLength(5);
    expect(table[4]).toMatch(/^\| mean \| 0 \| 1 \| 4 \| 0\.000 \|/);
  });

  it('skips draws with nothing drafted and reports no human-human figure without two raters', () => {
    const rows = summarizeOutcomes([
      { set: '1', k: 30, draw: 1, essays: [], quotesNotVerbatim: 0, seconds: 0, cpuSeconds: 0 },
      { set: '1', k: 0, draw: 1, essays: [essay('a', 1, 1, 1, null, null), essay('b', 2, 2, 2, null, null)], quotesNotVerbatim: 0, seconds: 1, cpuSeconds: 0.5 },
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.humanHumanQwk).toBeNull();
  });
});
