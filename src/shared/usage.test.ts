import { describe, expect, it } from 'vitest';
import { PLANS, planLimit, yearlySaving } from './plans';
import { canGrade, formatCount, isLowOnCredits, usageLevel, usageLimitMessage, usagePercentage } from './usage';

describe('plan catalogue', () => {
  it('has the spec limits, with 10 for an unknown tier', () => {
    expect(PLANS.map((plan) => [plan.name, plan.submissionLimit])).toEqual([
      ['Free Trial', 10],
      ['Lite Plan', 250],
      ['Core Plan', 750],
      ['Full-Time Plan', 2000],
      ['Super Plan', 3000],
    ]);
    expect(planLimit('Mystery Plan')).toBe(10);
    expect(planLimit(null)).toBe(10);
  });

  it('prices a year at ten months and shows the saving', () => {
    for (const plan of PLANS) expect(plan.yearlyPrice).toBeCloseTo(plan.monthlyPrice * 10, 2);
    expect(yearlySaving(PLANS[2]!)).toBe(39.98);
  });
});

describe('usage levels', () => {
  const at = (used: number, total: number) => ({
    submissions_used: used,
    total_limit: total,
    percentage: usagePercentage(used, total),
  });

  it('is All set below 80 %, Approaching Limit from 80 %, Limit Reached at the limit', () => {
    expect(usageLevel(at(7, 10))).toEqual({ level: 'ok', title: 'All set', remaining: 3 });
    expect(usageLevel(at(8, 10))).toEqual({ level: 'warning', title: 'Approaching Limit', remaining: 2 });
    expect(usageLevel(at(10, 10))).toEqual({ level: 'reached', title: 'Limit Reached', remaining: 0 });
    expect(usageLevel(at(12, 10)).level).toBe('reached');
  });

  it('is low on credits with 3 or fewer left, whatever the plan size, and not once none are left', () => {
    expect(isLowOnCredits({ submissions_used: 746, total_limit: 750 })).toBe(false);
    expect(isLowOnCredits({ submissions_used: 747, total_limit: 750 })).toBe(true);
    expect(isLowOnCredits({ submissions_used: 7, total_limit: 10 })).toBe(true);
    expect(isLowOnCredits({ submissions_used: 749, total_limit: 750 })).toBe(true);
    expect(isLowOnCredits({ submissions_used: 750, total_limit: 750 })).toBe(false);
  });

  it('grants grading only while usage is known and below the total', () => {
    expect(canGrade(null)).toBe(false);
    expect(canGrade({ submissions_used: 9, total_limit: 10 })).toBe(true);
    expect(canGrade({ submissions_used: 10, total_limit: 10 })).toBe(false);
  });

  it('words the limit refusal as the spec does', () => {
    expect(usageLimitMessage(110)).toBe(
      "You've reached your limit of 110 submissions for this billing period. Consider purchasing additional submissions or upgrading your plan.",
    );
    expect(usageLimitMessage(2100)).toContain('your limit of 2,100 submissions');
  });

  it('writes counts with a thousands separator', () => {
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(1998)).toBe('1,998');
    expect(formatCount(12_345_678)).toBe('12,345,678');
    expect(formatCount(750)).toBe('750');
  });
});
