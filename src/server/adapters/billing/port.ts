import type { PlanName } from '@/shared/plans';
import type { BillingInterval } from '@/shared/schemas/billing';

/**
 * The payment provider, in our words. Two implementations: Stripe (`stripe.ts`, when
 * STRIPE_SECRET_KEY is set) and the local test mode (`local.ts`, the default), whose checkout and
 * portal are pages of the app itself.
 */
export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  /** Opens a hosted checkout for a plan or an extra pack; answers with the page to send the teacher to. */
  startCheckout(request: CheckoutRequest): Promise<StartedCheckout>;
  /** Opens the customer portal (change plan, cancel, invoices). */
  openPortal(request: PortalRequest): Promise<{ url: string; customerId: string | null }>;
  /** Ends a subscription now: the one a teacher replaced by checking out another plan. */
  endSubscription(subscriptionId: string): Promise<void>;
  /**
   * What replacing the running subscription by a new plan costs, as the provider itself works it
   * out (Stripe's invoice previews). Absent in the local test mode, which uses our own figures.
   */
  previewPlanChange?(request: PlanChangePreviewRequest): Promise<PlanChangeCosts>;
  /**
   * Verifies a webhook delivery's signature and translates the event. Throws
   * `WebhookSignatureError` when the signature is missing or wrong. Stripe only.
   */
  readWebhook?(rawBody: Buffer, signatureHeader: string | undefined): Promise<BillingEvent>;
}

export type CheckoutPurchase =
  | { kind: 'subscription'; planName: PlanName; interval: BillingInterval; submissionsPerMonth: number }
  | { kind: 'extra_pack'; submissions: number };

export type CheckoutRequest = {
  /** Our billing_checkouts id; the provider carries it back in the completion event. */
  checkoutId: string;
  userId: string;
  email: string;
  /** The provider's customer, when the teacher already has one. */
  customerId: string | null;
  purchase: CheckoutPurchase;
  amountCents: number;
  /** Absolute addresses the provider sends the teacher back to. */
  successUrl: string;
  cancelUrl: string;
  /** In-app path of the page that started the checkout (the local checkout page returns there). */
  returnPath: string;
};

export type StartedCheckout = {
  url: string;
  /** The provider's session id (Stripe's cs_...), null for the local test mode. */
  sessionId: string | null;
  /** The provider's customer used for this checkout (created when the teacher had none). */
  customerId: string | null;
};

export type PlanChangePreviewRequest = {
  customerId: string;
  /** The running subscription the new plan replaces. */
  subscriptionId: string;
  /** The new plan's price for one interval. */
  amountCents: number;
  interval: BillingInterval;
};

export type PlanChangeCosts = {
  /** Charged at checkout for the new plan. */
  dueNowCents: number;
  /** The unused time of the replaced subscription, credited when it is cancelled (positive). */
  creditCents: number;
};

export type PortalRequest = {
  userId: string;
  email: string;
  customerId: string | null;
  returnUrl: string;
  returnPath: string;
};

/** A subscription as the provider reports it. */
export type ProviderSubscription = {
  /** The provider's subscription id (sub_...); null in local test mode, where the subscriber row is the subscription. */
  id: string | null;
  customerId: string | null;
  /** Our user, when the provider carries it (Stripe metadata). */
  userId: string | null;
  /** The catalogue plan it pays for; null when the price matches none. */
  planName: PlanName | null;
  interval: BillingInterval | null;
  /** active: paid up (or in a payment retry); pending: first payment not made yet; ended: over. */
  status: 'active' | 'pending' | 'ended';
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  /** When a cancelled subscription stops; null while it renews. */
  endsAt: Date | null;
};

type EventBase = { id: string; provider: 'stripe' | 'local'; occurredAt: Date };

/** A payment event in our words, applied once by `applyBillingEvent`. */
export type BillingEvent = EventBase &
  (
    | {
        type: 'checkout.completed';
        checkoutId: string;
        sessionId: string | null;
        customerId: string | null;
        /** The subscription the checkout started; null for an extra pack. */
        subscription: ProviderSubscription | null;
      }
    | { type: 'checkout.expired'; checkoutId: string }
    | { type: 'subscription.updated'; subscription: ProviderSubscription }
    | { type: 'subscription.deleted'; subscriptionId: string | null; userId: string | null }
    | {
        type: 'invoice.paid';
        subscriptionId: string;
        userId: string | null;
        /** renewal: a new period started; first: the subscription's first invoice; other: proration and the like. */
        reason: 'renewal' | 'first' | 'other';
        periodStart: Date;
        periodEnd: Date;
      }
    | { type: 'ignored'; providerType: string }
  );

export class WebhookSignatureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookSignatureError';
  }
}
