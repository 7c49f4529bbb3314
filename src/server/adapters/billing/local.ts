import type { BillingProvider } from './port';

/**
 * The embedded default: no payment provider at all. Checkout and portal are pages of the app
 * (`/billing/checkout/:id`, `/billing/portal`), marked TEST MODE, where the teacher completes or
 * cancels; completing applies the same event a Stripe webhook would. The addresses are relative
 * so they work whatever host the browser used.
 */
export function createLocalBillingProvider(): BillingProvider {
  return {
    kind: 'local',
    async startCheckout(request) {
      const query = new URLSearchParams({ return: request.returnPath });
      return { url: `/billing/checkout/${request.checkoutId}?${query}`, sessionId: null, customerId: null };
    },
    async openPortal(request) {
      const query = new URLSearchParams({ return: request.returnPath });
      return { url: `/billing/portal?${query}`, customerId: null };
    },
    async endSubscription() {
      // Local subscriptions live only in the subscribers row, which the event itself rewrites.
    },
  };
}
