import { findPlan } from '@/shared/plans';
import { planPriceCents, type PlanChangePreview } from '@/shared/schemas/billing';
import { AppError } from '@/server/core/app-error';
import { consumeRateLimit } from '@/server/core/rate-limit';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { requireProvider, type BillingDeps } from './billing-deps';
import { addCalendarMonths, currentTermEnd, termMonths } from './billing-term';
import { readSubscription } from './get-subscription-status';

/** Previews that ask the payment provider: plenty for comparing plans, not for flooding Stripe. */
export const PLAN_CHANGE_PREVIEW_RATE_LIMIT = { limit: 30, windowSeconds: 10 * 60 };

export const PLAN_CHANGE_PREVIEW_FAILED =
  'Could not work out what changing plan costs, because the payment service did not answer. Your plan has not changed; please try again in a few minutes.';

/**
 * Before a plan change opens a checkout: which plan it replaces, what is charged now, and the
 * unused part of the running plan that is credited to the next invoice. With Stripe both figures
 * are Stripe's own invoice previews (the new subscription's first invoice; the proration of
 * cancelling the running one). The test mode works out the same figures itself: the new plan's
 * price, and the replaced plan's price prorated by the time left in its term.
 */
export async function previewPlanChange(
  deps: BillingDeps,
  user: AuthenticatedUser,
  request: { planName: string; isYearly: boolean },
  now = new Date(),
): Promise<PlanChangePreview> {
  const provider = requireProvider(deps);
  const plan = findPlan(request.planName)!;
  const newPrice = planPriceCents(plan, request.isYearly ? 'year' : 'month');
  const { status, subscriber } = await readSubscription(deps, user.id, now);
  const current = findPlan(status.subscription_tier);
  if (!status.subscribed || !current || current.isTrial || !subscriber?.billingCycleStart) {
    return { replaces: null, due_now_cents: newPrice, credit_cents: 0, new_price_cents: newPrice };
  }
  const interval = status.billing_interval ?? 'month';
  const replaces = { plan_name: current.name, billing_interval: interval };
  if (provider.previewPlanChange && subscriber.stripeSubscriptionId && subscriber.stripeCustomerId) {
    await consumeRateLimit(
      deps.db,
      `billing-plan-preview:${user.id}`,
      PLAN_CHANGE_PREVIEW_RATE_LIMIT,
      'You have compared many plan changes in a short time. Please wait a few minutes and try again.',
    );
    let costs;
    try {
      costs = await provider.previewPlanChange({
        customerId: subscriber.stripeCustomerId,
        subscriptionId: subscriber.stripeSubscriptionId,
        amountCents: newPrice,
        interval: request.isYearly ? 'year' : 'month',
      });
    } catch (error) {
      throw new AppError('BILLING_FAILED', PLAN_CHANGE_PREVIEW_FAILED, { cause: error });
    }
    return { replaces, due_now_cents: costs.dueNowCents, credit_cents: costs.creditCents, new_price_cents: newPrice };
  }
  const termEnd = subscriber.subscriptionEnd ?? currentTermEnd(subscriber.billingCycleStart, interval, now);
  const termStart = addCalendarMonths(termEnd, -termMonths(interval));
  const left = Math.min(
    1,
    Math.max(0, (termEnd.getTime() - now.getTime()) / (termEnd.getTime() - termStart.getTime())),
  );
  return {
    replaces,
    due_now_cents: newPrice,
    credit_cents: Math.round(planPriceCents(current, interval) * left),
    new_price_cents: newPrice,
  };
}
