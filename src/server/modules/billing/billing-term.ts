import type { BillingInterval } from '@/shared/schemas/billing';

/**
 * Adds calendar months in UTC; a month that lacks the day ends on its last day (Jan 31 → Feb 28).
 * Whole seconds, like Stripe's timestamps and the usage periods.
 */
export function addCalendarMonths(date: Date, months: number): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(date.getUTCDate(), lastDay),
      date.getUTCHours(),
      date.getUTCMinutes(),
      date.getUTCSeconds(),
    ),
  );
}

export function termMonths(interval: BillingInterval): number {
  return interval === 'year' ? 12 : 1;
}

/**
 * The end of the paid term containing `now`: the next renewal date. The term is a month or a year
 * counted from the anchor (the last renewal we know of). Per the terms, a monthly cancellation takes
 * effect at the end of the billing cycle and an annual one at the end of the term: both are this date.
 */
export function currentTermEnd(anchor: Date, interval: BillingInterval, now: Date): Date {
  const step = termMonths(interval);
  let terms = 1;
  let end = addCalendarMonths(anchor, step);
  // Counted from the anchor each time, so month-end anchors do not drift (Jan 31 → Feb 28 → Mar 31).
  while (end <= now) {
    terms += 1;
    end = addCalendarMonths(anchor, step * terms);
  }
  return end;
}

export function laterOf(first: Date | null, second: Date): Date {
  return first && first > second ? first : second;
}
