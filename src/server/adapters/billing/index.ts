import type { Config } from '@/server/config';
import { createLocalBillingProvider } from './local';
import type { BillingProvider } from './port';
import { createStripeBillingProvider, createStripeClient } from './stripe';

export type { BillingEvent, BillingProvider, CheckoutRequest, ProviderSubscription, StartedCheckout } from './port';
export { WebhookSignatureError } from './port';
export { createLocalBillingProvider } from './local';
export { createStripeBillingProvider, createStripeClient, toProviderSubscription } from './stripe';

/**
 * Stripe when a secret key is configured, else the local test mode when it is allowed (always
 * outside production, in production only with BILLING_TEST_MODE=true), else none: the server
 * still starts, and every purchase answers that billing is not configured.
 */
export function createBillingProvider(config: Pick<Config, 'stripe' | 'billingTestMode'>): BillingProvider | null {
  const { secretKey, webhookSecret } = config.stripe;
  if (!secretKey) return config.billingTestMode ? createLocalBillingProvider() : null;
  return createStripeBillingProvider({ stripe: createStripeClient(secretKey), webhookSecret });
}
