import { describe, expect, it } from 'vitest';
import {
  correlation,
  evenSplit,
  formatRubricTable,
  partialCorrelation,
  rubricMeanOverSets,
  summarizeRubricOutcomes,
  type RubricDrawOutcome,
} from './summarize-rubric-eval';

const criteria = [
  { name: 'Ideas', min: 1, max: 6, description: null, ratings: [] },
  { name: 'Conventions', min: 1, max: 4, description: null, ratings: [] },
];

describe('the even split of a drafted total', () => {
  it('puts every criterion at the same share of its own range, on its levels', () => {
    // Range 2..10: a total of 6 is half way, so 3.5 → 4 of 1..6 and 2.5 → 3 of 1..4.
    expect(evenSplit(6, criteria)).toEqual({ Ideas: 4, Conventions: 3 });
    expect(evenSplit(2, criteria)).toEqual({ Ideas: 1, Conventions: 1 });
    expect(evenSplit(40, criteria)).toEqual({ Ideas: 6, Conventions: 4 });
  });
});

describe('partial correlation', () => {
  it('is 0 for a rating that is a function of the total, and finds what a rating adds beyond it', () => {
    const total = [1, 2, 3, 4, 5, 6];
    const human = [1, 3, 2, 5, 4, 6];
    expect(partialCorrelation(total, human, total)).toBe(0);
    expect(correlation(total, human)).toBeCloseTo(0.886, 3);
    // A rating that follows the human's ups and downs around the total carries its own information.
    const ownMeasure = [1, 3, 2, 5, 4, 6].map((value, index) => value + (index % 2) * 0.1);
    expect(partialCorrelation(ownMeasure, human, total)).toBeGreaterThan(0.9);
  });
});

describe('summarizing rubric drafts', () => {
  it('reports per criterion against the even split, human-human where a second rater exists, and the mean', () => {
    const essays = [
      { total: 10, ideas: 6, conv: 4, humanIdeas: 6, humanConv: 4, r2: 4 },
      { total: 6, ideas: 3, conv: 2, humanIdeas: 4, humanConv: 2, r2: 2 },
      { total: 2, ideas: 1, conv: 1, humanIdeas: 1, humanConv: 1, r2: 2 },
      { total: 7, ideas: 5, conv: 2, humanIdeas: 5, humanConv: 2, r2: 2 },
    ];
    const outcome: RubricDrawOutcome = {
      set: '2',
      k: 10,
      draw: 1,
      criteria,
      essays: essays.map((essay, index) => ({
        essayId: String(index),
        total: essay.total,
        drafted: { Ideas: essay.ideas, Conventions: essay.conv },
        human: { Ideas: essay.humanIdeas, Conventions: essay.humanConv },
        humanRater2: { Conventions: essay.r2 },
      })),
    };
    const rows = summarizeRubricOutcomes([outcome]);
    expect(rows.map((row) => row.criterion)).toEqual(['Ideas', 'Conventions', 'mean']);
    const [ideas, conventions, average] = rows;
    expect(ideas).toMatchObject({ exact: 0.75, adjacent: 1, humanHumanQwk: null, drafts: 4, draws: 1 });
    expect(conventions!.exact).toBe(1);
    expect(conventions!.qwk).toBe(1);
    expect(conventions!.humanHumanQwk).toBeGreaterThan(0.5);
    expect(average!.qwk).toBeCloseTo((ideas!.qwk + conventions!.qwk) / 2, 10);
    expect(average!.evenSplitQwk).toBeCloseTo((ideas!.evenSplitQwk + conventions!.evenSplitQwk) / 2, 10);
    expect(rubricMeanOverSets(rows)).toEqual([expect.objectContaining({ set: 'mean', k: 10, qwk: average!.qwk })]);
    expect(formatRubricTable(rows)).toMatch(/\| 2 \| 10 \| \*mean\* \| 1 \| 4 \|/);
  });
});
