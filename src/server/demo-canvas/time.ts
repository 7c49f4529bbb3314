/** Canvas timestamps: ISO-8601 in UTC without milliseconds ("2025-09-14T22:10:03Z"). */
export function iso(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DENVER_OFFSET_MS = 6 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

export function addMinutes(date: Date, minutes: number): Date {
  return new Date(date.getTime() + minutes * 60 * 1000);
}

/**
 * 11:59:59 pm in America/Denver on the day `days` from `from`, as Canvas stores a typical due date
 * ("2025-09-15T05:59:59Z" in summer). The fixed six-hour offset is close enough for a demo.
 */
export function endOfDayInDenver(from: Date, days: number): Date {
  // The day in Denver, not in UTC: from midnight to 6 am UTC it is still the day before there.
  const day = addDays(new Date(from.getTime() - DENVER_OFFSET_MS), days);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1, 5, 59, 59));
}
