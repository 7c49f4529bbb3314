import { FREE_TRIAL } from '@/shared/plans';
import type { SubscriptionStatus } from '@/shared/schemas/billing';
import type { UsageSummary } from '@/shared/usage';
import type { BillingPeriod } from '@/server/modules/usage/billing-period';
import { getOwnUsageSummary } from '@/server/modules/usage/get-usage-summary';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import type { BillingStore, SubscriberRow } from './billing-store';
import { currentTermEnd } from './billing-term';

/**
 * check-subscription (spec part 1 §3, §7), read from Postgres, which the payment events keep
 * current: no call to Stripe on the way. Whether a plan is active is decided exactly as usage
 * decides it, so the plan shown and the limit enforced can never disagree.
 */
export async function getSubscriptionStatus(
  stores: { store: BillingStore; usageStore: UsageStore },
  userId: string,
  now = new Date(),
): Promise<SubscriptionStatus> {
  return (await readSubscription(stores, userId, now)).status;
}

/** The status and the subscriber row it was read from (null before the first purchase). */
export async function readSubscription(
  stores: { store: BillingStore; usageStore: UsageStore },
  userId: string,
  now = new Date(),
): Promise<{ status: SubscriptionStatus; subscriber: SubscriberRow | null }> {
  const subscriber = await stores.store.findSubscriber(userId);
  // The usage summary decides on the row just read, not a second read of it.
  const usageStore: UsageStore = { ...stores.usageStore, findSubscriber: async () => subscriber };
  const { summary, period } = await getOwnUsageSummary(usageStore, userId, now);
  return { status: toStatus(subscriber, summary, period, now), subscriber };
}

function toStatus(
  subscriber: SubscriberRow | null,
  summary: UsageSummary,
  period: BillingPeriod,
  now: Date,
): SubscriptionStatus {
  const isActive = subscriber !== null && summary.subscription_tier !== FREE_TRIAL;
  if (!isActive) {
    return {
      subscribed: false,
      subscription_tier: FREE_TRIAL,
      billing_interval: null,
      subscription_end: null,
      cancel_at_period_end: false,
      billing_cycle_start: null,
      next_reset_date: null,
      days_remaining: null,
    };
  }
  const interval = subscriber.billingInterval ?? 'month';
  const subscriptionEnd =
    subscriber.subscriptionEnd ?? currentTermEnd(subscriber.billingCycleStart ?? now, interval, now);
  return {
    subscribed: true,
    subscription_tier: summary.subscription_tier,
    billing_interval: interval,
    subscription_end: subscriptionEnd.toISOString(),
    cancel_at_period_end: subscriber.subscriptionEnd !== null,
    billing_cycle_start: period.start?.toISOString() ?? null,
    next_reset_date: summary.next_reset_date,
    days_remaining: summary.days_remaining,
  };
}
