import { FREE_TRIAL, findPlan, planLimit } from '@/shared/plans';
import { usagePercentage, type UsageSummary } from '@/shared/usage';
import { billingPeriodFor, TRIAL_PERIOD, type BillingPeriod } from './billing-period';
import type { UsageStore } from './usage-store';

export type UsageContext = { summary: UsageSummary; period: BillingPeriod };

/**
 * The teacher's usage in the current billing period. Without an active paid subscription the
 * teacher is on the Free Trial, whose allowance is counted over its whole life, never reset.
 */
export async function getUsageSummary(store: UsageStore, userId: string, now = new Date()): Promise<UsageContext> {
  const subscriber = await store.findSubscriber(userId);
  const isPaid =
    subscriber !== null &&
    subscriber.subscribed &&
    findPlan(subscriber.subscriptionTier)?.isTrial !== true &&
    (subscriber.subscriptionEnd === null || subscriber.subscriptionEnd > now);
  const tier = isPaid ? subscriber.subscriptionTier : FREE_TRIAL;
  const period =
    isPaid && subscriber.billingCycleStart ? billingPeriodFor(subscriber.billingCycleStart, now) : TRIAL_PERIOD;
  const [used, purchased] = await Promise.all([store.readUsed(userId, period), store.readPurchased(userId, period)]);
  const limit = planLimit(tier);
  const totalLimit = limit + purchased;
  return {
    period,
    summary: {
      submissions_used: used,
      limit,
      purchased_submissions: purchased,
      total_limit: totalLimit,
      percentage: usagePercentage(used, totalLimit),
      billing_period: period.key,
      subscription_tier: tier,
      next_reset_date: period.end?.toISOString() ?? null,
      days_remaining: period.daysRemaining,
    },
  };
}
