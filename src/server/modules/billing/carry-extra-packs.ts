import { getOwnUsageSummary, type UsageContext } from '@/server/modules/usage/get-usage-summary';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import type { BillingStore } from './billing-store';

/**
 * Extra submissions a teacher paid for and has not used yet, in the period `before` describes.
 * The plan's own allowance is spent first, so only what is left above it counts.
 */
export function unusedExtraSubmissions(before: UsageContext): number {
  const { purchased_submissions: purchased, total_limit: total, submissions_used: used } = before.summary;
  return Math.max(0, Math.min(purchased, total - used));
}

/**
 * A plan change that starts a new billing period (Free Trial → a plan, monthly ↔ yearly) would
 * leave the extra submissions of the old period behind. They move with the teacher instead: the
 * unused ones are added, free, to the new period, once (the payment reference names both periods).
 * See decision 019.
 */
export async function carryExtraSubmissions(
  stores: { store: BillingStore; usageStore: UsageStore },
  userId: string,
  before: UsageContext,
  at: Date,
): Promise<number> {
  const unused = unusedExtraSubmissions(before);
  if (unused === 0) return 0;
  const after = await getOwnUsageSummary(stores.usageStore, userId, at);
  if (after.period.key === before.period.key || after.summary.subscription_tier === 'Free Trial') return 0;
  await stores.store.addPurchase({
    userId,
    billingPeriod: after.period.key,
    submissions: unused,
    amountCents: 0,
    paymentReference: `carry:${userId}:${before.period.key}:${after.period.key}`,
  });
  return unused;
}
