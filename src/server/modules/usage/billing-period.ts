const DAY_MS = 86_400_000;

export type BillingPeriod = {
  /** 'trial', or the period's first day as YYYY-MM-DD. */
  key: string;
  monthYear: string;
  start: Date | null;
  end: Date | null;
  daysRemaining: number | null;
};

export const TRIAL_PERIOD: BillingPeriod = {
  key: 'trial',
  monthYear: 'trial',
  start: null,
  end: null,
  daysRemaining: null,
};

/**
 * The monthly period containing `now`, counted in whole months from the subscription's anchor.
 * Yearly plans count their submissions per month too (the plans are priced per month of use).
 * A month that lacks the anchor's day ends on its last day (Jan 31 → Feb 28 → Mar 31).
 */
export function billingPeriodFor(anchor: Date, now: Date): BillingPeriod {
  let months = (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (now.getUTCMonth() - anchor.getUTCMonth());
  if (addMonths(anchor, months) > now) months -= 1;
  months = Math.max(0, months);
  const start = addMonths(anchor, months);
  const end = addMonths(anchor, months + 1);
  const key = start.toISOString().slice(0, 10);
  return {
    key,
    monthYear: key.slice(0, 7),
    start,
    end,
    daysRemaining: Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS)),
  };
}

function addMonths(date: Date, months: number): Date {
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
