import { EXTRA_PACK, findPlan, type PlanName } from '@/shared/plans';
import type { BillingEvent } from '@/server/adapters/billing';
import { getOwnUsageSummary } from '@/server/modules/usage/get-usage-summary';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import type { BillingStore } from './billing-store';
import { carryExtraSubmissions } from './carry-extra-packs';

export type CheckoutCompletedEvent = Extract<BillingEvent, { type: 'checkout.completed' }>;

export type CheckoutOutcome =
  | { result: 'unknown-checkout' | 'already-closed' }
  | { result: 'extra-pack-added'; userId: string; billingPeriod: string; submissions: number }
  | { result: 'plan-started'; userId: string; planName: PlanName; replacedSubscriptionId: string | null };

/**
 * A paid checkout, from a Stripe webhook or the local test-mode page alike: an extra pack adds its
 * submissions to the billing period current when it was paid; a plan becomes the teacher's
 * subscription and starts a new billing cycle. Applied at most once per checkout.
 */
export async function applyCheckoutCompleted(
  stores: { store: BillingStore; usageStore: UsageStore },
  event: CheckoutCompletedEvent,
): Promise<CheckoutOutcome> {
  const { store, usageStore } = stores;
  const known = await store.findCheckout(event.checkoutId);
  if (!known) return { result: 'unknown-checkout' };
  const checkout = await store.closeCheckout(known.id, 'completed', event.occurredAt);
  if (!checkout) return { result: 'already-closed' };
  if (event.sessionId && event.sessionId !== checkout.providerSessionId)
    await store.setCheckoutSession(checkout.id, event.sessionId);

  if (checkout.kind === 'extra_pack') {
    const { period } = await getOwnUsageSummary(usageStore, checkout.userId, event.occurredAt);
    await store.addPurchase({
      userId: checkout.userId,
      billingPeriod: period.key,
      submissions: EXTRA_PACK.submissions,
      amountCents: checkout.amountCents,
      paymentReference: `checkout:${checkout.id}`,
    });
    return {
      result: 'extra-pack-added',
      userId: checkout.userId,
      billingPeriod: period.key,
      submissions: EXTRA_PACK.submissions,
    };
  }

  const subscription = event.subscription;
  const planName = subscription?.planName ?? findPlan(checkout.planName)?.name;
  // A plan the catalogue no longer knows can never be applied: report it like an unknown checkout
  // (logged and acknowledged) instead of failing, which would make Stripe retry it forever.
  if (!planName) return { result: 'unknown-checkout' };
  const previous = await store.findSubscriber(checkout.userId);
  const email = previous?.email ?? (await store.findUserEmail(checkout.userId));
  if (!email) return { result: 'unknown-checkout' };
  const before = await getOwnUsageSummary(usageStore, checkout.userId, event.occurredAt);
  await store.saveSubscriber(checkout.userId, email, {
    subscribed: subscription ? subscription.status === 'active' : true,
    subscriptionTier: planName,
    billingInterval: subscription?.interval ?? checkout.billingInterval ?? 'month',
    billingCycleStart: subscription?.currentPeriodStart ?? event.occurredAt,
    subscriptionEnd: subscription?.endsAt ?? null,
    stripeCustomerId: event.customerId ?? previous?.stripeCustomerId ?? null,
    stripeSubscriptionId: subscription?.id ?? null,
  });
  await carryExtraSubmissions(stores, checkout.userId, before, event.occurredAt);
  // A teacher who checked out a new plan while paying for another must not pay for both.
  const replacedSubscriptionId =
    previous?.subscribed && previous.stripeSubscriptionId && previous.stripeSubscriptionId !== subscription?.id
      ? previous.stripeSubscriptionId
      : null;
  return { result: 'plan-started', userId: checkout.userId, planName, replacedSubscriptionId };
}
