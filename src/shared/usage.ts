import { USAGE_WARNING_PERCENT } from './plans';

export type { UsageSummary } from './schemas/usage';
import type { UsageSummary } from './schemas/usage';

export type UsageLevel =
  | { level: 'ok'; title: 'All set'; remaining: number }
  | { level: 'warning'; title: 'Approaching Limit'; remaining: number }
  | { level: 'reached'; title: 'Limit Reached'; remaining: 0 };

/** The warning levels of spec part 1 §4. */
export function usageLevel(usage: Pick<UsageSummary, 'submissions_used' | 'total_limit' | 'percentage'>): UsageLevel {
  const remaining = Math.max(0, usage.total_limit - usage.submissions_used);
  if (usage.submissions_used >= usage.total_limit) return { level: 'reached', title: 'Limit Reached', remaining: 0 };
  if (usage.percentage >= USAGE_WARNING_PERCENT) return { level: 'warning', title: 'Approaching Limit', remaining };
  return { level: 'ok', title: 'All set', remaining };
}

/** From this many submissions left, the grading screens say so before she starts a student (issue 22). */
export const LOW_CREDITS_LEFT = 3;

/** Some credits left, but no more than LOW_CREDITS_LEFT: told on the grading screen, whatever the percent. */
export function isLowOnCredits(usage: Pick<UsageSummary, 'submissions_used' | 'total_limit'>): boolean {
  const remaining = usage.total_limit - usage.submissions_used;
  return remaining > 0 && remaining <= LOW_CREDITS_LEFT;
}

/** canGrade: only when usage is known and below the total limit. */
export function canGrade(usage: Pick<UsageSummary, 'submissions_used' | 'total_limit'> | null | undefined): boolean {
  return Boolean(usage) && usage!.submissions_used < usage!.total_limit;
}

export function usagePercentage(used: number, total: number): number {
  if (total <= 0) return 100;
  return Math.round((used / total) * 1000) / 10;
}

/** Counts as a teacher reads them: "2,000", never "2000" (the app's locale, en-US, like its dates). */
const countFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
export function formatCount(value: number): string {
  return countFormat.format(value);
}

export function usageLimitMessage(totalLimit: number): string {
  return `You've reached your limit of ${formatCount(totalLimit)} submissions for this billing period. Consider purchasing additional submissions or upgrading your plan.`;
}
