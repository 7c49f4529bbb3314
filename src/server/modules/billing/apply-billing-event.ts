import { FREE_TRIAL } from '@/shared/plans';
import type { BillingEvent, ProviderSubscription } from '@/server/adapters/billing';
import { getOwnUsageSummary } from '@/server/modules/usage/get-usage-summary';
import { createUsageStore, type UsageStore } from '@/server/modules/usage/usage-store';
import { carryExtraSubmissions } from './carry-extra-packs';
import type { BillingDeps } from './billing-deps';
import { createBillingStore, type BillingStore, type SubscriberRow } from './billing-store';
import { applyCheckoutCompleted, type CheckoutOutcome } from './apply-checkout-completed';
import { laterOf } from './billing-term';

export type AppliedEvent = {
  /** False when the event had been applied before: then nothing changed. */
  isNew: boolean;
  outcome:
    | CheckoutOutcome
    | { result: 'subscription-updated' | 'subscription-ended' | 'cycle-moved' | 'checkout-expired' | 'ignored' };
};

/**
 * Applies one payment event, exactly once: the event id is recorded in billing_events in the same
 * transaction as its changes, so a replayed delivery changes nothing and a failed one is retried
 * whole. Stripe webhooks and the local test mode both come through here.
 */
export async function applyBillingEvent(
  deps: Pick<BillingDeps, 'db' | 'provider' | 'log'>,
  event: BillingEvent,
): Promise<AppliedEvent> {
  const applied = await deps.db.transaction(async (transaction): Promise<AppliedEvent> => {
    const store = createBillingStore(transaction);
    const type = event.type === 'ignored' ? event.providerType : event.type;
    if (!(await store.recordEvent({ id: event.id, type, provider: event.provider }))) {
      return { isNew: false, outcome: { result: 'ignored' } };
    }
    return { isNew: true, outcome: await applyOnce(store, transaction, event) };
  });

  const { outcome } = applied;
  if ('replacedSubscriptionId' in outcome && outcome.replacedSubscriptionId && deps.provider) {
    // After the commit: the new plan is in place whatever Stripe answers here.
    await deps.provider.endSubscription(outcome.replacedSubscriptionId).catch((error: unknown) => {
      deps.log.error(
        { err: error, userId: outcome.userId, subscriptionId: outcome.replacedSubscriptionId },
        'could not end a replaced subscription: cancel it in the Stripe dashboard so the teacher is not charged twice',
      );
    });
  }
  if (outcome.result === 'unknown-checkout') {
    deps.log.warn({ eventId: event.id }, 'billing event names a checkout this app does not know');
  }
  return applied;
}

async function applyOnce(
  store: BillingStore,
  db: Parameters<typeof createUsageStore>[0],
  event: BillingEvent,
): Promise<AppliedEvent['outcome']> {
  switch (event.type) {
    case 'checkout.completed':
      return applyCheckoutCompleted({ store, usageStore: createUsageStore(db) }, event);
    case 'checkout.expired':
      await store.closeCheckout(event.checkoutId, 'expired', event.occurredAt);
      return { result: 'checkout-expired' };
    case 'subscription.updated':
      return applySubscriptionUpdated(
        { store, usageStore: createUsageStore(db) },
        event.subscription,
        event.occurredAt,
      );
    case 'subscription.deleted': {
      const subscriber = event.subscriptionId
        ? await store.findSubscriberBySubscriptionId(event.subscriptionId)
        : event.userId
          ? await store.findSubscriber(event.userId)
          : null;
      if (!subscriber) return { result: 'ignored' };
      await endSubscription(store, subscriber, event.occurredAt);
      return { result: 'subscription-ended' };
    }
    case 'invoice.paid': {
      // Only the current subscription's renewals move the cycle; an older one's invoice changes nothing.
      const subscriber = await store.findSubscriberBySubscriptionId(event.subscriptionId);
      if (!subscriber || event.reason === 'other') return { result: 'ignored' };
      await store.saveSubscriber(subscriber.userId, subscriber.email, {
        subscribed: true,
        billingCycleStart: laterOf(subscriber.billingCycleStart, event.periodStart),
      });
      return { result: 'cycle-moved' };
    }
    case 'ignored':
      return { result: 'ignored' };
  }
}

/**
 * A plan change, a cancellation at period end, a renewal or a subscription that ended. Only the
 * teacher's current subscription counts: events of one they replaced are ignored.
 */
async function applySubscriptionUpdated(
  stores: { store: BillingStore; usageStore: UsageStore },
  subscription: ProviderSubscription,
  occurredAt: Date,
): Promise<AppliedEvent['outcome']> {
  const { store } = stores;
  const subscriber = subscription.id
    ? await store.findSubscriberBySubscriptionId(subscription.id)
    : subscription.userId
      ? await store.findSubscriber(subscription.userId)
      : null;
  if (!subscriber || subscription.status === 'pending') return { result: 'ignored' };
  if (subscription.status === 'ended') {
    await endSubscription(store, subscriber, occurredAt);
    return { result: 'subscription-ended' };
  }
  const interval = subscription.interval ?? subscriber.billingInterval;
  const isNewInterval = interval !== subscriber.billingInterval;
  // Only a new interval starts a new period, the one case whose unused extra submissions move over.
  const before = isNewInterval ? await getOwnUsageSummary(stores.usageStore, subscriber.userId, occurredAt) : null;
  await store.saveSubscriber(subscriber.userId, subscriber.email, {
    subscribed: true,
    subscriptionTier: subscription.planName ?? subscriber.subscriptionTier,
    billingInterval: interval,
    // A switch between monthly and yearly starts a new cycle; otherwise the cycle only moves forward,
    // so an old event delivered late cannot take it back.
    billingCycleStart: isNewInterval
      ? subscription.currentPeriodStart
      : laterOf(subscriber.billingCycleStart, subscription.currentPeriodStart),
    subscriptionEnd: subscription.endsAt,
  });
  if (before) await carryExtraSubmissions(stores, subscriber.userId, before, occurredAt);
  return { result: 'subscription-updated' };
}

async function endSubscription(store: BillingStore, subscriber: SubscriberRow, occurredAt: Date) {
  await store.saveSubscriber(subscriber.userId, subscriber.email, {
    subscribed: false,
    subscriptionTier: FREE_TRIAL,
    billingInterval: null,
    billingCycleStart: null,
    subscriptionEnd:
      subscriber.subscriptionEnd && subscriber.subscriptionEnd < occurredAt ? subscriber.subscriptionEnd : occurredAt,
    stripeSubscriptionId: null,
  });
}
