import { FREE_TRIAL, findPlan, planLimit } from '@/shared/plans';
import { usagePercentage, type UsageSummary } from '@/shared/usage';
import { billingPeriodFor, TRIAL_PERIOD, type BillingPeriod } from './billing-period';
import type { UsageStore } from './usage-store';

export type UsageContext = { summary: UsageSummary; period: BillingPeriod };

/** The tier an institution's teachers are on (decision 062). */
export const INSTITUTIONAL_PLAN = 'Institutional Plan';
/** What an unlimited institutional plan shows as its limit: more than a school grades in a month. */
export const UNLIMITED_SUBMISSIONS = 1_000_000_000;

/**
 * The usage a teacher's next grade is counted on (decision 062): her institution's plan while she
 * belongs to one, in its calendar month; when a pooled allowance is spent for the month and her own
 * paid plan (or a pack she bought) still has room, her own; otherwise her own plan alone.
 */
export async function getUsageSummary(store: UsageStore, userId: string, now = new Date()): Promise<UsageContext> {
  const plan = await store.institutionPlanOf(userId);
  if (!plan) return getOwnUsageSummary(store, userId, now);
  const period = institutionPeriod(plan.institutionId, now);
  const used = await store.readPooled(period);
  const limit = plan.monthlyAllowance ?? UNLIMITED_SUBMISSIONS;
  if (used >= limit) {
    const own = await getOwnUsageSummary(store, userId, now);
    const hasPaidRoom =
      (own.summary.subscription_tier !== FREE_TRIAL || own.summary.purchased_submissions > 0) &&
      own.summary.submissions_used < own.summary.total_limit;
    if (hasPaidRoom) return own;
  }
  return {
    period,
    summary: {
      submissions_used: used,
      limit,
      purchased_submissions: 0,
      total_limit: limit,
      percentage: usagePercentage(used, limit),
      billing_period: period.key,
      subscription_tier: `${INSTITUTIONAL_PLAN} · ${plan.name}`,
      next_reset_date: period.end?.toISOString() ?? null,
      days_remaining: period.daysRemaining,
    },
  };
}

/** The institution's pooled period: the calendar month (UTC), one counter per teacher, summed. */
export function institutionPeriod(institutionId: string, now: Date): BillingPeriod {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const monthYear = start.toISOString().slice(0, 7);
  return {
    key: `institution:${institutionId}:${monthYear}`,
    monthYear,
    start,
    end,
    daysRemaining: Math.ceil((end.getTime() - now.getTime()) / 86_400_000),
  };
}

export const isInstitutionPeriod = (period: BillingPeriod) => period.key.startsWith('institution:');

/**
 * The teacher's own plan in its current billing period. Without an active paid subscription the
 * teacher is on the Free Trial, whose allowance is counted over its whole life, never reset.
 */
export async function getOwnUsageSummary(store: UsageStore, userId: string, now = new Date()): Promise<UsageContext> {
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
