import { EXTRA_PACK, findPlan } from '@/shared/plans';
import type { TestCheckout } from '@/shared/schemas/billing';
import { AppError } from '@/server/core/app-error';
import type { BillingEvent } from '@/server/adapters/billing';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { applyBillingEvent } from './apply-billing-event';
import type { BillingDeps } from './billing-deps';
import type { CheckoutRow } from './billing-store';
import { addCalendarMonths, termMonths } from './billing-term';

/**
 * The local test mode's checkout page: no payment is taken. Completing it applies the very event
 * a Stripe webhook would, through `applyBillingEvent`, so both modes change the same rows the same way.
 */
export async function getTestCheckout(
  deps: BillingDeps,
  user: AuthenticatedUser,
  checkoutId: string,
): Promise<TestCheckout> {
  return toTestCheckout(await findOwnCheckout(deps, user, checkoutId));
}

export async function completeTestCheckout(
  deps: BillingDeps,
  user: AuthenticatedUser,
  checkoutId: string,
  now = wholeSeconds(new Date()),
): Promise<{ status: 'completed' }> {
  const checkout = await findOpenCheckout(deps, user, checkoutId);
  const interval = checkout.billingInterval ?? 'month';
  const plan = findPlan(checkout.planName);
  const event: BillingEvent = {
    id: `local:checkout.completed:${checkout.id}`,
    provider: 'local',
    occurredAt: now,
    type: 'checkout.completed',
    checkoutId: checkout.id,
    sessionId: null,
    customerId: null,
    subscription:
      checkout.kind === 'subscription' && plan
        ? {
            id: null,
            customerId: null,
            userId: user.id,
            planName: plan.name,
            interval,
            status: 'active',
            currentPeriodStart: now,
            currentPeriodEnd: addCalendarMonths(now, termMonths(interval)),
            endsAt: null,
          }
        : null,
  };
  const applied = await applyBillingEvent(deps, event);
  if (applied.outcome.result === 'already-closed') throw checkoutClosed();
  return { status: 'completed' };
}

export async function cancelTestCheckout(
  deps: BillingDeps,
  user: AuthenticatedUser,
  checkoutId: string,
): Promise<{ status: 'cancelled' }> {
  const checkout = await findOpenCheckout(deps, user, checkoutId);
  if (!(await deps.store.closeCheckout(checkout.id, 'cancelled', new Date()))) throw checkoutClosed();
  return { status: 'cancelled' };
}

async function findOwnCheckout(deps: BillingDeps, user: AuthenticatedUser, checkoutId: string): Promise<CheckoutRow> {
  const checkout = await deps.store.findCheckout(checkoutId);
  // Someone else's checkout, or a Stripe one, does not exist as far as this page is concerned.
  if (!checkout || checkout.userId !== user.id || checkout.provider !== 'local') {
    throw new AppError('NOT_FOUND', 'This checkout does not exist.');
  }
  return checkout;
}

async function findOpenCheckout(deps: BillingDeps, user: AuthenticatedUser, checkoutId: string): Promise<CheckoutRow> {
  const checkout = await findOwnCheckout(deps, user, checkoutId);
  if (checkout.status !== 'open') throw checkoutClosed(checkout.status);
  return checkout;
}

/** Stripe's timestamps are whole seconds; the test mode's are too, so both anchor cycles alike. */
function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function checkoutClosed(status?: string) {
  const message =
    status === 'completed'
      ? 'This checkout was already completed.'
      : status === 'cancelled'
        ? 'This checkout was cancelled. Start a new one from the pricing page.'
        : 'This checkout is no longer open.';
  return new AppError('CONFLICT', message);
}

function toTestCheckout(checkout: CheckoutRow): TestCheckout {
  return {
    id: checkout.id,
    kind: checkout.kind,
    plan_name: checkout.planName,
    billing_interval: checkout.billingInterval,
    amount_cents: checkout.amountCents,
    submissions:
      checkout.kind === 'extra_pack' ? EXTRA_PACK.submissions : (findPlan(checkout.planName)?.submissionLimit ?? 0),
    status: checkout.status,
    created_at: checkout.createdAt.toISOString(),
  };
}
