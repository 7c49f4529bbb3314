import Stripe from 'stripe';
import { findPlan, PLANS, type PlanName } from '@/shared/plans';
import { planPriceCents, type BillingInterval } from '@/shared/schemas/billing';
import { WebhookSignatureError, type BillingEvent, type BillingProvider, type ProviderSubscription } from './port';

const CURRENCY = 'usd';

export type StripeBillingOptions = {
  /** The SDK client; tests pass one pointed at their local server that plays Stripe's API. */
  stripe: Stripe;
  /** STRIPE_WEBHOOK_SECRET; without it every webhook delivery is refused. */
  webhookSecret: string | undefined;
};

export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Margin' },
  });
}

/**
 * Stripe Checkout (subscriptions at the catalogue's prices through `price_data`, so no prices need
 * to be set up in the Stripe dashboard), the Customer Portal, and webhooks.
 */
export function createStripeBillingProvider({ stripe, webhookSecret }: StripeBillingOptions): BillingProvider {
  async function ensureCustomer(request: {
    userId: string;
    email: string;
    customerId: string | null;
  }): Promise<string> {
    if (request.customerId) return request.customerId;
    const customer = await stripe.customers.create(
      { email: request.email, metadata: { userId: request.userId } },
      // A retry after a lost answer finds the customer made the first time instead of a second one.
      { idempotencyKey: `margin-customer-${request.userId}` },
    );
    return customer.id;
  }

  return {
    kind: 'stripe',

    async startCheckout(request) {
      const customerId = await ensureCustomer(request);
      const { purchase } = request;
      const metadata: Record<string, string> = {
        checkoutId: request.checkoutId,
        userId: request.userId,
        kind: purchase.kind,
      };
      const common = {
        customer: customerId,
        client_reference_id: request.userId,
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      };
      const session =
        purchase.kind === 'subscription'
          ? await stripe.checkout.sessions.create(
              {
                ...common,
                mode: 'subscription',
                line_items: [
                  {
                    quantity: 1,
                    price_data: {
                      currency: CURRENCY,
                      unit_amount: request.amountCents,
                      recurring: { interval: purchase.interval },
                      product_data: {
                        name: `Margin ${purchase.planName}`,
                        description: `${purchase.submissionsPerMonth.toLocaleString('en-US')} graded submissions per month`,
                      },
                    },
                  },
                ],
                metadata: { ...metadata, planName: purchase.planName, interval: purchase.interval },
                subscription_data: {
                  metadata: { userId: request.userId, planName: purchase.planName, interval: purchase.interval },
                },
              },
              { idempotencyKey: `margin-checkout-${request.checkoutId}` },
            )
          : await stripe.checkout.sessions.create(
              {
                ...common,
                mode: 'payment',
                line_items: [
                  {
                    quantity: 1,
                    price_data: {
                      currency: CURRENCY,
                      unit_amount: request.amountCents,
                      product_data: {
                        name: `Margin: ${purchase.submissions} extra submissions`,
                        description: 'Valid for the current billing period',
                      },
                    },
                  },
                ],
                metadata: { ...metadata, submissions: String(purchase.submissions) },
                payment_intent_data: { metadata },
              },
              { idempotencyKey: `margin-checkout-${request.checkoutId}` },
            );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { url: session.url, sessionId: session.id, customerId };
    },

    async openPortal(request) {
      const customerId = await ensureCustomer(request);
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: request.returnUrl,
      });
      return { url: session.url, customerId };
    },

    async endSubscription(subscriptionId) {
      // Prorated: the unused part of the replaced plan is credited to the teacher's next invoice.
      await stripe.subscriptions.cancel(subscriptionId, { prorate: true });
    },

    async previewPlanChange({ customerId, subscriptionId, amountCents, interval }) {
      // Stripe prices a new subscription only for an existing product: the running plan's will do,
      // as the preview is read for its amounts.
      const running = await stripe.subscriptions.retrieve(subscriptionId);
      const product = idOf(running.items.data[0]?.price.product);
      if (!product) throw new Error(`Stripe subscription ${subscriptionId} has no product to price the preview with`);
      const [replaced, started] = await Promise.all([
        // What cancelling the running subscription now with proration (as `endSubscription` does) credits.
        stripe.invoices.createPreview({
          customer: customerId,
          subscription: subscriptionId,
          subscription_details: { cancel_now: true, proration_behavior: 'create_prorations' },
        }),
        // The first invoice of the new subscription, as Checkout will charge it (with any credit the customer holds).
        stripe.invoices.createPreview({
          customer: customerId,
          subscription_details: {
            items: [
              {
                quantity: 1,
                price_data: { currency: CURRENCY, product, unit_amount: amountCents, recurring: { interval } },
              },
            ],
          },
        }),
      ]);
      const credit = replaced.lines.data
        .filter((line) => line.parent?.subscription_item_details?.proration && line.amount < 0)
        .reduce((sum, line) => sum - line.amount, 0);
      return { dueNowCents: started.amount_due, creditCents: credit };
    },

    async readWebhook(rawBody, signatureHeader) {
      if (!webhookSecret)
        throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set, so no delivery can be verified');
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signatureHeader, webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError('Invalid Stripe signature', { cause: error });
      }
      return translateEvent(stripe, event);
    },
  };
}

async function translateEvent(stripe: Stripe, event: Stripe.Event): Promise<BillingEvent> {
  const base = { id: event.id, provider: 'stripe' as const, occurredAt: new Date(event.created * 1000) };
  const ignored: BillingEvent = { ...base, type: 'ignored', providerType: event.type };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const checkoutId = session.metadata?.checkoutId;
      // Bank debits and the like complete unpaid; their async_payment_succeeded event follows.
      if (!checkoutId || session.payment_status === 'unpaid') return ignored;
      const subscriptionId = idOf(session.subscription);
      const subscription = subscriptionId
        ? toProviderSubscription(await stripe.subscriptions.retrieve(subscriptionId))
        : null;
      return {
        ...base,
        type: 'checkout.completed',
        checkoutId,
        sessionId: session.id,
        customerId: idOf(session.customer),
        subscription,
      };
    }
    case 'checkout.session.expired': {
      const checkoutId = event.data.object.metadata?.checkoutId;
      return checkoutId ? { ...base, type: 'checkout.expired', checkoutId } : ignored;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
      return { ...base, type: 'subscription.updated', subscription: toProviderSubscription(event.data.object) };
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        ...base,
        type: 'subscription.deleted',
        subscriptionId: subscription.id,
        userId: subscription.metadata?.userId ?? null,
      };
    }
    case 'invoice.paid': {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const subscriptionId = details ? idOf(details.subscription) : null;
      if (!subscriptionId) return ignored;
      // The subscription line carries the period paid for; the invoice's own period is the previous one.
      const line =
        invoice.lines.data.find((item) => item.parent?.type === 'subscription_item_details') ?? invoice.lines.data[0];
      const period = line?.period ?? { start: invoice.period_start, end: invoice.period_end };
      const reason =
        invoice.billing_reason === 'subscription_cycle'
          ? 'renewal'
          : invoice.billing_reason === 'subscription_create'
            ? 'first'
            : 'other';
      return {
        ...base,
        type: 'invoice.paid',
        subscriptionId,
        userId: details?.metadata?.userId ?? null,
        reason,
        periodStart: fromUnix(period.start),
        periodEnd: fromUnix(period.end),
      };
    }
    default:
      return ignored;
  }
}

export function toProviderSubscription(subscription: Stripe.Subscription): ProviderSubscription {
  const item = subscription.items.data[0];
  const price = item?.price;
  const recurring: string | undefined = price?.recurring?.interval;
  const interval: BillingInterval | null = recurring === 'month' || recurring === 'year' ? recurring : null;
  const periodStart = item?.current_period_start ?? subscription.billing_cycle_anchor;
  const periodEnd = item?.current_period_end ?? subscription.billing_cycle_anchor;
  const endsAt = subscription.cancel_at ?? (subscription.cancel_at_period_end ? periodEnd : null);
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    userId: subscription.metadata?.userId ?? null,
    planName: planForPrice(price?.unit_amount ?? null, interval) ?? planNamed(subscription.metadata?.planName),
    interval,
    status: subscriptionState(subscription.status),
    currentPeriodStart: fromUnix(periodStart),
    currentPeriodEnd: fromUnix(periodEnd),
    endsAt: endsAt === null ? null : fromUnix(endsAt),
  };
}

function subscriptionState(status: Stripe.Subscription.Status): ProviderSubscription['status'] {
  // past_due: Stripe is retrying the payment; the teacher keeps the plan until it gives up.
  if (status === 'active' || status === 'trialing' || status === 'past_due') return 'active';
  if (status === 'incomplete') return 'pending';
  return 'ended';
}

/** The plan a price pays for: a plan switched in the portal keeps the old metadata, never the old price. */
function planForPrice(unitAmount: number | null, interval: BillingInterval | null): PlanName | null {
  if (unitAmount === null || interval === null) return null;
  return PLANS.find((plan) => !plan.isTrial && planPriceCents(plan, interval) === unitAmount)?.name ?? null;
}

function planNamed(name: string | undefined): PlanName | null {
  const plan = findPlan(name);
  return plan && !plan.isTrial ? plan.name : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function fromUnix(seconds: number): Date {
  return new Date(seconds * 1000);
}
