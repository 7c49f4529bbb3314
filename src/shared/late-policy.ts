/**
 * Canvas's late policy, as Margin shows it before a save (decision 058). Canvas applies the deduction
 * itself when a grade is entered; Margin only tells the teacher what will stand, and never subtracts
 * it from what it sends. Drafts never look at lateness.
 */
export interface LatePolicyRule {
  /** Percent of the points possible per started interval late. */
  deduction_percent: number;
  interval: 'day' | 'hour';
  /** The deduction never takes the grade below this percent of the points possible. */
  minimum_percent: number;
}

const SECONDS = { day: 86_400, hour: 3_600 } as const;

/** Started intervals late: 1 second late is 1 day late. */
export function intervalsLate(policy: LatePolicyRule, secondsLate: number): number {
  return secondsLate > 0 ? Math.ceil(secondsLate / SECONDS[policy.interval]) : 0;
}

/**
 * Points Canvas will take off `score` (`LatePolicy#points_deducted`): the percent per interval of the
 * points possible, never below the minimum percent, rounded to 2 places.
 */
export function lateDeduction(
  policy: LatePolicyRule | null | undefined,
  pointsPossible: number | null,
  score: number,
  secondsLate: number,
): number {
  if (!policy || policy.deduction_percent <= 0 || !pointsPossible || pointsPossible <= 0) return 0;
  const intervals = intervalsLate(policy, secondsLate);
  if (intervals === 0) return 0;
  const mostPercent = Math.max((score * 100) / pointsPossible - policy.minimum_percent, 0);
  const percent = Math.min(policy.deduction_percent * intervals, mostPercent);
  return Math.round(((percent * pointsPossible) / 100) * 100) / 100;
}

/** "3 days late", "1 hour late", "less than an hour late". */
export function describeLateness(secondsLate: number): string {
  const days = Math.floor(secondsLate / SECONDS.day);
  if (days >= 1) {
    const hours = Math.floor((secondsLate - days * SECONDS.day) / SECONDS.hour);
    const dayWords = `${days} ${days === 1 ? 'day' : 'days'}`;
    return hours > 0 ? `${dayWords} ${hours} h late` : `${dayWords} late`;
  }
  const hours = Math.floor(secondsLate / SECONDS.hour);
  if (hours >= 1) return `${hours} ${hours === 1 ? 'hour' : 'hours'} late`;
  return 'less than an hour late';
}

/** "10 % per day late, not below 50 %". */
export function describeLatePolicy(policy: LatePolicyRule): string {
  const floor = policy.minimum_percent > 0 ? `, not below ${policy.minimum_percent} %` : '';
  return `${policy.deduction_percent} % per ${policy.interval} late${floor}`;
}
