import { EXTRA_PACK, findPlan } from '@/shared/plans';
import {
  EXTRA_PACK_PRICE_CENTS,
  planPriceCents,
  purchaseReturnPath,
  type BillingRedirect,
  type CreateCheckoutRequest,
  type ReturnPath,
} from '@/shared/schemas/billing';
import { AppError } from '@/server/core/app-error';
import { consumeRateLimit } from '@/server/core/rate-limit';
import type { CheckoutRequest } from '@/server/adapters/billing';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { requireProvider, type BillingDeps } from './billing-deps';
import { getSubscriptionStatus } from './get-subscription-status';

/** Checkouts a teacher may open in a window: plenty for changing one's mind, not for flooding Stripe. */
export const CHECKOUT_RATE_LIMIT = { limit: 20, windowSeconds: 10 * 60 };

/** create-checkout (spec part 1 §7): a plan, monthly or yearly, at the catalogue's price. */
export async function startPlanCheckout(
  deps: BillingDeps,
  user: AuthenticatedUser,
  request: CreateCheckoutRequest,
): Promise<BillingRedirect> {
  const plan = findPlan(request.planName);
  if (!plan || plan.isTrial) throw new AppError('VALIDATION', 'Unknown plan', { details: { field: 'planName' } });
  const interval = request.isYearly ? 'year' : 'month';
  const status = await getSubscriptionStatus(deps, user.id);
  if (status.subscription_tier === plan.name && status.billing_interval === interval && !status.cancel_at_period_end) {
    throw new AppError('CONFLICT', `The ${plan.name} is already your plan.`);
  }
  const returnPath = request.returnTo ?? '/pricing';
  const url = await startCheckout(deps, user, returnPath, {
    purchase: { kind: 'subscription', planName: plan.name, interval, submissionsPerMonth: plan.submissionLimit },
    amountCents: planPriceCents(plan, interval),
    failureMessage: 'Failed to create checkout session',
    auditAction: 'SUBSCRIPTION_CHECKOUT_INITIATED',
  });
  return { url };
}

/** create-submission-purchase (spec part 1 §7): 100 extra submissions for $5, this billing period only. */
export async function startSubmissionPurchase(
  deps: BillingDeps,
  user: AuthenticatedUser,
  returnPath: ReturnPath = '/settings',
): Promise<BillingRedirect> {
  const url = await startCheckout(deps, user, returnPath, {
    purchase: { kind: 'extra_pack', submissions: EXTRA_PACK.submissions },
    amountCents: EXTRA_PACK_PRICE_CENTS,
    failureMessage: 'Failed to create purchase session',
    auditAction: 'SUBMISSION_PURCHASE_INITIATED',
  });
  return { url };
}

async function startCheckout(
  deps: BillingDeps,
  user: AuthenticatedUser,
  returnPath: ReturnPath,
  options: {
    purchase: CheckoutRequest['purchase'];
    amountCents: number;
    failureMessage: string;
    auditAction: 'SUBSCRIPTION_CHECKOUT_INITIATED' | 'SUBMISSION_PURCHASE_INITIATED';
  },
): Promise<string> {
  const { purchase, amountCents } = options;
  const provider = requireProvider(deps);
  await consumeRateLimit(
    deps.db,
    `billing-checkout:${user.id}`,
    CHECKOUT_RATE_LIMIT,
    'You have started many checkouts in a short time. Please wait a few minutes and try again.',
  );
  const subscriber = await deps.store.findSubscriber(user.id);
  const checkout = await deps.store.createCheckout({
    userId: user.id,
    kind: purchase.kind,
    planName: purchase.kind === 'subscription' ? purchase.planName : null,
    billingInterval: purchase.kind === 'subscription' ? purchase.interval : null,
    amountCents,
    provider: provider.kind,
  });
  const planName = purchase.kind === 'subscription' ? purchase.planName : null;
  let started;
  try {
    started = await provider.startCheckout({
      checkoutId: checkout.id,
      userId: user.id,
      email: subscriber?.email ?? user.email,
      customerId: subscriber?.stripeCustomerId ?? null,
      purchase,
      amountCents,
      successUrl: deps.publicUrl + purchaseReturnPath(returnPath, 'success', planName),
      cancelUrl: deps.publicUrl + purchaseReturnPath(returnPath, 'cancelled'),
      returnPath,
    });
  } catch (error) {
    await deps.store.closeCheckout(checkout.id, 'expired', new Date());
    throw new AppError('BILLING_FAILED', options.failureMessage, { cause: error });
  }
  await deps.store.setCheckoutSession(checkout.id, started.sessionId);
  if (started.customerId && started.customerId !== subscriber?.stripeCustomerId) {
    await deps.store.saveSubscriber(user.id, subscriber?.email ?? user.email, { stripeCustomerId: started.customerId });
  }
  await deps.audit({
    userId: user.id,
    action: options.auditAction,
    tableName: 'billing_checkouts',
    recordId: checkout.id,
    newValues: {
      kind: purchase.kind,
      plan_name: planName,
      billing_interval: purchase.kind === 'subscription' ? purchase.interval : null,
      amount_cents: amountCents,
      provider: provider.kind,
    },
  });
  return started.url;
}
