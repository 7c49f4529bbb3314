import type { BillingRedirect, ReturnPath } from '@/shared/schemas/billing';
import { AppError } from '@/server/core/app-error';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { requireProvider, type BillingDeps } from './billing-deps';

/** customer-portal (spec part 1 §7): change plan, cancel at period end, invoices and payment method. */
export async function openCustomerPortal(
  deps: BillingDeps,
  user: AuthenticatedUser,
  returnPath: ReturnPath = '/settings',
): Promise<BillingRedirect> {
  const provider = requireProvider(deps);
  const subscriber = await deps.store.findSubscriber(user.id);
  const email = subscriber?.email ?? user.email;
  let portal;
  try {
    portal = await provider.openPortal({
      userId: user.id,
      email,
      customerId: subscriber?.stripeCustomerId ?? null,
      returnUrl: deps.publicUrl + returnPath,
      returnPath,
    });
  } catch (error) {
    throw new AppError('BILLING_FAILED', 'Failed to open customer portal', { cause: error });
  }
  if (portal.customerId && portal.customerId !== subscriber?.stripeCustomerId) {
    await deps.store.saveSubscriber(user.id, email, { stripeCustomerId: portal.customerId });
  }
  await deps.audit({
    userId: user.id,
    action: 'CUSTOMER_PORTAL_ACCESSED',
    tableName: 'subscribers',
    recordId: user.id,
    newValues: { provider: provider.kind, subscription_tier: subscriber?.subscriptionTier ?? 'Free Trial' },
  });
  return { url: portal.url };
}
