import { randomUUID } from 'node:crypto';
import { findPlan } from '@/shared/plans';
import type { ChangeTestPlanRequest, SubscriptionStatus } from '@/shared/schemas/billing';
import { AppError } from '@/server/core/app-error';
import type { BillingEvent, ProviderSubscription } from '@/server/adapters/billing';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { applyBillingEvent } from './apply-billing-event';
import type { BillingDeps } from './billing-deps';
import { currentTermEnd } from './billing-term';
import { getSubscriptionStatus, readSubscription } from './get-subscription-status';

/**
 * The local test mode's customer portal: switch plan, cancel at the end of the period (per the
 * terms), or take a cancellation back. Each action is the `subscription.updated` event Stripe's
 * portal would send, applied through `applyBillingEvent`.
 */
export async function changeTestPlan(
  deps: BillingDeps,
  user: AuthenticatedUser,
  request: ChangeTestPlanRequest,
  now = new Date(),
): Promise<SubscriptionStatus> {
  const current = await currentSubscription(deps, user, now);
  const plan = findPlan(request.planName)!;
  const interval = request.isYearly ? 'year' : 'month';
  // As with Stripe: the same interval keeps the cycle; monthly ↔ yearly starts a new one today.
  const periodStart = interval === current.interval ? current.currentPeriodStart : now;
  return applyPortalChange(deps, user, {
    ...current,
    planName: plan.name,
    interval,
    currentPeriodStart: periodStart,
    currentPeriodEnd: currentTermEnd(periodStart, interval, now),
    endsAt: null,
  });
}

export async function cancelTestSubscription(
  deps: BillingDeps,
  user: AuthenticatedUser,
  now = new Date(),
): Promise<SubscriptionStatus> {
  const current = await currentSubscription(deps, user, now);
  return applyPortalChange(deps, user, { ...current, endsAt: current.currentPeriodEnd });
}

export async function resumeTestSubscription(
  deps: BillingDeps,
  user: AuthenticatedUser,
  now = new Date(),
): Promise<SubscriptionStatus> {
  const current = await currentSubscription(deps, user, now);
  return applyPortalChange(deps, user, { ...current, endsAt: null });
}

async function currentSubscription(
  deps: BillingDeps,
  user: AuthenticatedUser,
  now: Date,
): Promise<ProviderSubscription> {
  const { status, subscriber } = await readSubscription(deps, user.id, now);
  if (!status.subscribed || !subscriber) {
    throw new AppError('CONFLICT', 'You are on the Free Trial. Choose a plan on the pricing page first.');
  }
  const interval = status.billing_interval ?? 'month';
  // The anchor itself stands for the current term: re-anchoring on a clamped month end would drift.
  const anchor = subscriber.billingCycleStart ?? now;
  return {
    id: null,
    customerId: null,
    userId: user.id,
    planName: findPlan(status.subscription_tier)?.name ?? null,
    interval,
    status: 'active',
    currentPeriodStart: anchor,
    currentPeriodEnd: currentTermEnd(anchor, interval, now),
    endsAt: subscriber.subscriptionEnd,
  };
}

async function applyPortalChange(
  deps: BillingDeps,
  user: AuthenticatedUser,
  subscription: ProviderSubscription,
): Promise<SubscriptionStatus> {
  const event: BillingEvent = {
    id: `local:subscription.updated:${randomUUID()}`,
    provider: 'local',
    occurredAt: new Date(),
    type: 'subscription.updated',
    subscription,
  };
  await applyBillingEvent(deps, event);
  await deps.audit({
    userId: user.id,
    action: 'TEST_SUBSCRIPTION_CHANGED',
    tableName: 'subscribers',
    recordId: user.id,
    newValues: {
      plan_name: subscription.planName,
      billing_interval: subscription.interval,
      ends_at: subscription.endsAt?.toISOString() ?? null,
    },
  });
  return getSubscriptionStatus(deps, user.id);
}
