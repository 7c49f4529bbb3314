import { findPlan } from '@/shared/plans';
import { planPriceCents, type PlanChangePreview } from '@/shared/schemas/billing';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { requireProvider, type BillingDeps } from './billing-deps';
import { addCalendarMonths, currentTermEnd, termMonths } from './billing-term';
import { readSubscription } from './get-subscription-status';

/**
 * Before a plan change opens a checkout: which plan it replaces, what is charged now (the new
 * plan's price), and the unused part of the running plan that is credited to the next invoice
 * (Stripe prorates the cancelled subscription; the test mode shows the same figure). Proration is
 * by time left in the current term.
 */
export async function previewPlanChange(
  deps: BillingDeps,
  user: AuthenticatedUser,
  request: { planName: string; isYearly: boolean },
  now = new Date(),
): Promise<PlanChangePreview> {
  requireProvider(deps);
  const plan = findPlan(request.planName)!;
  const newPrice = planPriceCents(plan, request.isYearly ? 'year' : 'month');
  const { status, subscriber } = await readSubscription(deps, user.id, now);
  const current = findPlan(status.subscription_tier);
  if (!status.subscribed || !current || current.isTrial || !subscriber?.billingCycleStart) {
    return { replaces: null, due_now_cents: newPrice, credit_cents: 0, new_price_cents: newPrice };
  }
  const interval = status.billing_interval ?? 'month';
  const termEnd = subscriber.subscriptionEnd ?? currentTermEnd(subscriber.billingCycleStart, interval, now);
  const termStart = addCalendarMonths(termEnd, -termMonths(interval));
  const left = Math.min(1, Math.max(0, (termEnd.getTime() - now.getTime()) / (termEnd.getTime() - termStart.getTime())));
  return {
    replaces: { plan_name: current.name, billing_interval: interval },
    due_now_cents: newPrice,
    credit_cents: Math.round(planPriceCents(current, interval) * left),
    new_price_cents: newPrice,
  };
}
