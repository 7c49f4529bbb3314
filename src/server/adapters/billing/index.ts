import type { Config } from '@/server/config';
import { createLocalBillingProvider } from './local';
import type { BillingProvider } from './port';
import { createStripeBillingProvider, createStripeClient } from './stripe';

export type { BillingEvent, BillingProvider, CheckoutRequest, ProviderSubscription, StartedCheckout } from './port';
export { WebhookSignatureError } from './port';
export { createLocalBillingProvider } from './local';
export { createStripeBillingProvider, createStripeClient, toProviderSubscription } from './stripe';

/** Stripe when a secret key is configured, else the local test mode: never a crash for a missing key. */
export function createBillingProvider(config: Pick<Config, 'stripe'>): BillingProvider {
  const { secretKey, webhookSecret } = config.stripe;
  if (!secretKey) return createLocalBillingProvider();
  return createStripeBillingProvider({ stripe: createStripeClient(secretKey), webhookSecret });
}
