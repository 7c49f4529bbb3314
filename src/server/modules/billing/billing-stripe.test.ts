import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { billingCheckouts, submissionPurchases } from '@/server/db/schema';
import { createStripeBillingProvider } from '@/server/adapters/billing';
import { PLAN_CHANGE_PREVIEW_RATE_LIMIT } from './preview-plan-change';
import {
  signedStripeEvent,
  startFakeStripe,
  stripeId,
  stripeSubscription,
  type FakeStripe,
} from '@/server/test/fake-stripe-server';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';
import { auditActions, countRows, dayKey, getJson, postJson, subscriberRow } from '../../test/billing-test-support';

/**
 * Stripe billing, end to end through HTTP: the real `stripe` SDK talks to a local server playing
 * Stripe's API, and webhooks are signed with the SDK's own test-header helper.
 */
const SECRET_KEY = 'sk_test_margin';
const WEBHOOK_SECRET = 'whsec_margin_test_secret';
const PUBLIC_URL = 'https://margin.test';
const DAY_MS = 86_400_000;

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
});
afterAll(() => fake.close());
// The one app, with the real Stripe SDK pointed at the fake server as its billing provider.
const harness = buildTestApp(() => ({
  env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, PUBLIC_URL },
  billingProvider: createStripeBillingProvider({ stripe: fake.stripe, webhookSecret: WEBHOOK_SECRET }),
}));
beforeEach(() => fake.failPath(null));

type Teacher = Awaited<ReturnType<typeof signUpAndIn>>;
const subscription = (teacher: Teacher) => getJson(harness.app, '/api/billing/subscription', teacher.headers);
const usage = (teacher: Teacher) => getJson(harness.app, '/api/usage', teacher.headers);

async function checkout(teacher: Teacher, body: Record<string, unknown>) {
  const response = await postJson(harness.app, '/api/billing/checkout', teacher.headers, body);
  expect(response.statusCode, response.body).toBe(200);
  const url: string = response.json().url;
  const sessionId = /^https:\/\/checkout\.stripe\.test\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(url)?.[1];
  expect(sessionId, url).toBeDefined();
  const [row] = await harness.database.db
    .select()
    .from(billingCheckouts)
    .where(eq(billingCheckouts.providerSessionId, sessionId!));
  return { sessionId: sessionId!, checkout: row!, params: fake.requestsTo('/v1/checkout/sessions').at(-1)!.params };
}

async function deliver(type: string, object: Record<string, unknown>, options: { id?: string; created?: Date } = {}) {
  const event = signedStripeEvent(fake.stripe, WEBHOOK_SECRET, type, object, options);
  return harness.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

async function deliverOk(type: string, object: Record<string, unknown>, options: { id?: string; created?: Date } = {}) {
  const response = await deliver(type, object, options);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ received: true; duplicate: boolean }>();
}

function completedSession(sessionId: string, checkoutId: string, extra: Record<string, unknown>) {
  return {
    id: sessionId,
    object: 'checkout.session',
    payment_status: 'paid',
    status: 'complete',
    metadata: { checkoutId },
    ...extra,
  };
}

/** Checks out a plan and delivers the completion webhook; returns the Stripe subscription made for it. */
async function subscribe(
  teacher: Teacher,
  planName: string,
  unitAmount: number,
  options: { periodStart?: Date; interval?: 'month' | 'year' } = {},
) {
  const interval = options.interval ?? 'month';
  const { sessionId, checkout: row } = await checkout(teacher, { planName, isYearly: interval === 'year' });
  const customer = (await subscriberRow(harness, teacher.userId))!.stripeCustomerId!;
  const periodStart = options.periodStart ?? new Date(Math.floor(Date.now() / 1000) * 1000);
  const periodEnd = new Date(periodStart.getTime() + (interval === 'year' ? 365 : 30) * DAY_MS);
  const subscriptionId = stripeId('sub');
  const object = stripeSubscription({
    id: subscriptionId,
    customer,
    userId: teacher.userId,
    unitAmount,
    interval,
    periodStart,
    periodEnd,
    planName,
  });
  fake.subscriptions.set(subscriptionId, object);
  const eventId = stripeId('evt');
  const session = completedSession(sessionId, row.id, { mode: 'subscription', customer, subscription: subscriptionId });
  await deliverOk('checkout.session.completed', session, { id: eventId });
  return { subscriptionId, customer, periodStart, periodEnd, object, eventId, session };
}

describe('checkout with Stripe', () => {
  it('creates the customer once and subscription Checkout Sessions at the catalogue prices', async () => {
    const teacher = await signUpAndIn(harness.app);
    const customersBefore = fake.requestsTo('/v1/customers').length;
    const monthly = await checkout(teacher, { planName: 'Core Plan', isYearly: false });
    expect(fake.requestsTo('/v1/customers')).toHaveLength(customersBefore + 1);
    const customerRequest = fake.requestsTo('/v1/customers').at(-1)!;
    expect(customerRequest.params).toMatchObject({ email: teacher.email, 'metadata[userId]': teacher.userId });
    const customer = (await subscriberRow(harness, teacher.userId))!.stripeCustomerId;
    expect(customer).toMatch(/^cus_/);
    expect(monthly.params).toMatchObject({
      mode: 'subscription',
      customer,
      client_reference_id: teacher.userId,
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '1999',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][product_data][name]': 'Margin Core Plan',
      'metadata[checkoutId]': monthly.checkout.id,
      'metadata[userId]': teacher.userId,
      'subscription_data[metadata][userId]': teacher.userId,
      success_url: `${PUBLIC_URL}/pricing?purchase=success&plan=Core+Plan`,
      cancel_url: `${PUBLIC_URL}/pricing?purchase=cancelled`,
    });
    expect(fake.requestsTo('/v1/checkout/sessions').at(-1)!.idempotencyKey).toBe(
      `margin-checkout-${monthly.checkout.id}`,
    );
    expect(monthly.checkout).toMatchObject({
      provider: 'stripe',
      status: 'open',
      planName: 'Core Plan',
      billingInterval: 'month',
      amountCents: 1999,
    });

    const yearly = await checkout(teacher, { planName: 'Super Plan', isYearly: true, returnTo: '/settings' });
    expect(fake.requestsTo('/v1/customers')).toHaveLength(customersBefore + 1);
    expect(yearly.params).toMatchObject({
      customer,
      'line_items[0][price_data][unit_amount]': '99990',
      'line_items[0][price_data][recurring][interval]': 'year',
      success_url: `${PUBLIC_URL}/settings?purchase=success&plan=Super+Plan`,
    });
    expect(await auditActions(harness, teacher.userId)).toEqual([
      'SUBSCRIPTION_CHECKOUT_INITIATED',
      'SUBSCRIPTION_CHECKOUT_INITIATED',
    ]);

    // From a grading screen, Stripe sends her back to the same student, the outcome added to the address.
    const fromGrading = await checkout(teacher, {
      planName: 'Full-Time Plan',
      isYearly: false,
      returnTo: '/courses/4201/quizzes/8101/grade?student=2003',
    });
    expect(fromGrading.params).toMatchObject({
      success_url: `${PUBLIC_URL}/courses/4201/quizzes/8101/grade?student=2003&purchase=success&plan=Full-Time+Plan`,
      cancel_url: `${PUBLIC_URL}/courses/4201/quizzes/8101/grade?student=2003&purchase=cancelled`,
    });
  });

  it('sells the extra pack as a one-time $5 payment and opens the Customer Portal', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await postJson(harness.app, '/api/billing/submission-purchase', teacher.headers, {
      returnTo: '/dashboard',
    });
    expect(response.statusCode, response.body).toBe(200);
    const params = fake.requestsTo('/v1/checkout/sessions').at(-1)!.params;
    expect(params).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '500',
      'line_items[0][price_data][currency]': 'usd',
      'metadata[kind]': 'extra_pack',
      success_url: `${PUBLIC_URL}/dashboard?purchase=success`,
      cancel_url: `${PUBLIC_URL}/dashboard?purchase=cancelled`,
    });
    expect(params['line_items[0][price_data][recurring][interval]']).toBeUndefined();

    const portal = await postJson(harness.app, '/api/billing/portal', teacher.headers, {});
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    const customer = (await subscriberRow(harness, teacher.userId))!.stripeCustomerId;
    expect(fake.requestsTo('/v1/billing_portal/sessions').at(-1)!.params).toEqual({
      customer,
      return_url: `${PUBLIC_URL}/settings`,
    });
    expect(await auditActions(harness, teacher.userId)).toEqual([
      'SUBMISSION_PURCHASE_INITIATED',
      'CUSTOMER_PORTAL_ACCESSED',
    ]);
  });

  it('reports a Stripe outage with the spec’s messages, and keeps no open checkout', async () => {
    const teacher = await signUpAndIn(harness.app);
    fake.failPath('/v1/checkout/sessions');
    const plan = await postJson(harness.app, '/api/billing/checkout', teacher.headers, {
      planName: 'Lite Plan',
      isYearly: false,
    });
    expect(plan.statusCode).toBe(502);
    expect(plan.json().error).toMatchObject({ code: 'BILLING_FAILED', message: 'Failed to create checkout session' });
    const pack = await postJson(harness.app, '/api/billing/submission-purchase', teacher.headers, {});
    expect(pack.statusCode).toBe(502);
    expect(pack.json().error.message).toBe('Failed to create purchase session');
    fake.failPath('/v1/billing_portal');
    const portal = await postJson(harness.app, '/api/billing/portal', teacher.headers, {});
    expect(portal.statusCode).toBe(502);
    expect(portal.json().error.message).toBe('Failed to open customer portal');
    const statuses = await harness.database.db
      .select({ status: billingCheckouts.status })
      .from(billingCheckouts)
      .where(eq(billingCheckouts.userId, teacher.userId));
    expect(statuses.map((row) => row.status)).toEqual(['expired', 'expired']);
  });

  it('has no test-mode pages when Stripe is configured', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await postJson(harness.app, '/api/billing/test-mode/portal/cancel', teacher.headers);
    expect(response.statusCode).toBe(404);
  });
});

describe('Stripe webhooks', () => {
  it('refuses a delivery with a missing or wrong signature, changing nothing', async () => {
    const teacher = await signUpAndIn(harness.app);
    const { sessionId, checkout: row } = await checkout(teacher, { planName: 'Core Plan', isYearly: false });
    const event = signedStripeEvent(
      fake.stripe,
      WEBHOOK_SECRET,
      'checkout.session.completed',
      completedSession(sessionId, row.id, { mode: 'payment' }),
    );
    const eventsBefore = await countRows(harness, 'billing_events');

    const missing = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(missing.statusCode).toBe(400);

    const forged = signedStripeEvent(
      fake.stripe,
      'whsec_someone_else',
      'checkout.session.completed',
      completedSession(sessionId, row.id, { mode: 'payment' }),
    );
    const wrongSecret = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': forged.signature },
      payload: forged.payload,
    });
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error.message).toBe('Invalid webhook signature.');

    // A correct signature over different bytes: the body was altered on the way.
    const tampered = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload.replace('"paid"', '"paid" '),
    });
    expect(tampered.statusCode).toBe(400);

    expect(await countRows(harness, 'billing_events')).toBe(eventsBefore);
    const [after] = await harness.database.db.select().from(billingCheckouts).where(eq(billingCheckouts.id, row.id));
    expect(after!.status).toBe('open');
    expect((await subscription(teacher)).subscription_tier).toBe('Free Trial');

    const valid = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
    expect(valid.statusCode, valid.body).toBe(200);
    expect(valid.json()).toEqual({ received: true, duplicate: false });
  });

  it('starts the plan on checkout.session.completed, and applies the same event only once', async () => {
    const teacher = await signUpAndIn(harness.app);
    const started = await subscribe(teacher, 'Core Plan', 1999);
    const row = await subscriberRow(harness, teacher.userId);
    expect(row).toMatchObject({
      subscribed: true,
      subscriptionTier: 'Core Plan',
      billingInterval: 'month',
      billingCycleStart: started.periodStart,
      subscriptionEnd: null,
      stripeCustomerId: started.customer,
      stripeSubscriptionId: started.subscriptionId,
    });
    expect(fake.requestsTo(`/v1/subscriptions/${started.subscriptionId}`)).toHaveLength(1);
    expect(await subscription(teacher)).toMatchObject({
      subscribed: true,
      subscription_tier: 'Core Plan',
      billing_interval: 'month',
      cancel_at_period_end: false,
      billing_cycle_start: started.periodStart.toISOString(),
    });
    expect(await usage(teacher)).toMatchObject({
      limit: 750,
      total_limit: 750,
      billing_period: dayKey(started.periodStart),
    });

    const again = await deliverOk('checkout.session.completed', started.session, { id: started.eventId });
    expect(again).toEqual({ received: true, duplicate: true });
    expect(await subscriberRow(harness, teacher.userId)).toEqual(row);
    const events = await queryRows<{ n: number }>(
      harness.database.db,
      sql`select count(*)::int as n from billing_events where id = ${started.eventId}`,
    );
    expect(events[0]!.n).toBe(1);

    // A second delivery of the same completion under another event id finds the checkout closed.
    await deliverOk('checkout.session.completed', started.session);
    expect(await subscriberRow(harness, teacher.userId)).toEqual(row);
  });

  it('follows plan switches, cancellation at period end, renewals and the end of the subscription', async () => {
    const teacher = await signUpAndIn(harness.app);
    const anchor = new Date(Math.floor((Date.now() - 10 * DAY_MS) / 1000) * 1000);
    const started = await subscribe(teacher, 'Core Plan', 1999, { periodStart: anchor });
    const base = {
      id: started.subscriptionId,
      customer: started.customer,
      userId: teacher.userId,
      interval: 'month' as const,
    };

    // Switched in the portal to the Full-Time price: the price decides, not the old metadata.
    await deliverOk(
      'customer.subscription.updated',
      stripeSubscription({
        ...base,
        unitAmount: 6999,
        periodStart: anchor,
        periodEnd: started.periodEnd,
        planName: 'Core Plan',
      }),
    );
    expect(await subscription(teacher)).toMatchObject({
      subscription_tier: 'Full-Time Plan',
      billing_cycle_start: anchor.toISOString(),
    });
    expect(await usage(teacher)).toMatchObject({ limit: 2000, billing_period: dayKey(anchor) });

    // Cancelled in the portal: still Full-Time until the period ends.
    await deliverOk(
      'customer.subscription.updated',
      stripeSubscription({
        ...base,
        unitAmount: 6999,
        periodStart: anchor,
        periodEnd: started.periodEnd,
        cancelAt: started.periodEnd,
      }),
    );
    expect(await subscription(teacher)).toMatchObject({
      subscribed: true,
      subscription_tier: 'Full-Time Plan',
      cancel_at_period_end: true,
      subscription_end: started.periodEnd.toISOString(),
    });
    // ...and taken back.
    await deliverOk(
      'customer.subscription.updated',
      stripeSubscription({ ...base, unitAmount: 6999, periodStart: anchor, periodEnd: started.periodEnd }),
    );
    expect((await subscription(teacher)).cancel_at_period_end).toBe(false);

    // Used some submissions this period, then the renewal invoice is paid: a new period starts.
    await harness.database.db.execute(
      sql`insert into usage_tracking (user_id, email, billing_period, month_year, submissions_used) values (${teacher.userId}, ${teacher.email}, ${dayKey(anchor)}, 'x', 40)`,
    );
    expect((await usage(teacher)).submissions_used).toBe(40);
    const renewal = new Date(Math.floor((Date.now() - DAY_MS) / 1000) * 1000);
    const invoice = {
      id: stripeId('in'),
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      period_start: Math.floor(anchor.getTime() / 1000),
      period_end: Math.floor(renewal.getTime() / 1000),
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: started.subscriptionId, metadata: { userId: teacher.userId } },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: stripeId('il'),
            object: 'line_item',
            parent: { type: 'subscription_item_details' },
            period: {
              start: Math.floor(renewal.getTime() / 1000),
              end: Math.floor((renewal.getTime() + 30 * DAY_MS) / 1000),
            },
          },
        ],
      },
    };
    await deliverOk('invoice.paid', invoice);
    expect((await subscriberRow(harness, teacher.userId))!.billingCycleStart).toEqual(renewal);
    expect(await usage(teacher)).toMatchObject({ submissions_used: 0, limit: 2000, billing_period: dayKey(renewal) });
    expect((await subscription(teacher)).billing_cycle_start).toBe(renewal.toISOString());

    // A late, older update cannot move the cycle back.
    await deliverOk(
      'customer.subscription.updated',
      stripeSubscription({ ...base, unitAmount: 6999, periodStart: anchor, periodEnd: started.periodEnd }),
    );
    expect((await subscriberRow(harness, teacher.userId))!.billingCycleStart).toEqual(renewal);

    // The subscription ends (cancellation reached, or payment retries gave up): back to the Free Trial.
    await deliverOk('customer.subscription.deleted', { ...started.object, status: 'canceled' });
    expect(await subscription(teacher)).toMatchObject({ subscribed: false, subscription_tier: 'Free Trial' });
    expect(await usage(teacher)).toMatchObject({ limit: 10, billing_period: 'trial' });
    expect((await subscriberRow(harness, teacher.userId))!.stripeCustomerId).toBe(started.customer);
  });

  it('replaces a plan bought while another was running: the old one is ended at Stripe and its events no longer count', async () => {
    const teacher = await signUpAndIn(harness.app);
    const lite = await subscribe(teacher, 'Lite Plan', 999);
    const core = await subscribe(teacher, 'Core Plan', 19990, { interval: 'year' });
    expect(
      fake.requests.filter(
        (request) => request.method === 'DELETE' && request.path === `/v1/subscriptions/${lite.subscriptionId}`,
      ),
    ).toHaveLength(1);
    expect(fake.requests.find((request) => request.method === 'DELETE')!.params).toMatchObject({ prorate: 'true' });
    expect(await subscription(teacher)).toMatchObject({ subscription_tier: 'Core Plan', billing_interval: 'year' });

    await deliverOk('customer.subscription.deleted', { ...lite.object, status: 'canceled' });
    await deliverOk(
      'customer.subscription.updated',
      stripeSubscription({
        id: lite.subscriptionId,
        customer: lite.customer,
        userId: teacher.userId,
        unitAmount: 999,
        interval: 'month',
        periodStart: lite.periodStart,
        periodEnd: lite.periodEnd,
      }),
    );
    expect(await subscription(teacher)).toMatchObject({
      subscribed: true,
      subscription_tier: 'Core Plan',
      billing_interval: 'year',
    });
    expect((await subscriberRow(harness, teacher.userId))!.stripeSubscriptionId).toBe(core.subscriptionId);
  });

  it('adds a paid extra pack to the period current when it was paid', async () => {
    const teacher = await signUpAndIn(harness.app);
    const started = await subscribe(teacher, 'Lite Plan', 999);
    const response = await postJson(harness.app, '/api/billing/submission-purchase', teacher.headers, {});
    const sessionId = /cs_test_[0-9a-f]+$/.exec(response.json().url)![0];
    const [row] = await harness.database.db
      .select()
      .from(billingCheckouts)
      .where(eq(billingCheckouts.providerSessionId, sessionId));
    expect(row).toMatchObject({ kind: 'extra_pack', amountCents: 500 });

    // Paid asynchronously: nothing until the payment succeeds.
    const unpaid = completedSession(sessionId, row!.id, {
      mode: 'payment',
      payment_status: 'unpaid',
      customer: started.customer,
    });
    await deliverOk('checkout.session.completed', unpaid);
    expect((await usage(teacher)).purchased_submissions).toBe(0);
    // Stripe may deliver the same event twice at once: it is applied once.
    const paid = signedStripeEvent(fake.stripe, WEBHOOK_SECRET, 'checkout.session.async_payment_succeeded', {
      ...unpaid,
      payment_status: 'paid',
    });
    const deliveries = await Promise.all(
      [1, 2].map(() =>
        harness.app.inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': paid.signature },
          payload: paid.payload,
        }),
      ),
    );
    expect(deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 200]);
    expect(deliveries.map((delivery) => delivery.json().duplicate).sort()).toEqual([false, true]);

    expect(await usage(teacher)).toMatchObject({
      limit: 250,
      purchased_submissions: 100,
      total_limit: 350,
      billing_period: dayKey(started.periodStart),
    });
    const purchases = await harness.database.db
      .select()
      .from(submissionPurchases)
      .where(eq(submissionPurchases.userId, teacher.userId));
    expect(purchases).toEqual([
      expect.objectContaining({
        billingPeriod: dayKey(started.periodStart),
        submissions: 100,
        amountCents: 500,
        paymentReference: `checkout:${row!.id}`,
      }),
    ]);
  });

  it('marks an abandoned checkout expired and ignores events it does not use', async () => {
    const teacher = await signUpAndIn(harness.app);
    const { sessionId, checkout: row } = await checkout(teacher, { planName: 'Lite Plan', isYearly: false });
    await deliverOk('checkout.session.expired', {
      id: sessionId,
      object: 'checkout.session',
      metadata: { checkoutId: row.id },
    });
    const [after] = await harness.database.db.select().from(billingCheckouts).where(eq(billingCheckouts.id, row.id));
    expect(after!.status).toBe('expired');
    expect(await deliverOk('payment_intent.created', { id: stripeId('pi'), object: 'payment_intent' })).toEqual({
      received: true,
      duplicate: false,
    });
    expect((await subscription(teacher)).subscription_tier).toBe('Free Trial');
  });
});

describe('plan change preview with Stripe', () => {
  const preview = (teacher: Teacher, query: string) =>
    harness.app.inject({ method: 'GET', url: `/api/billing/plan-change?${query}`, headers: teacher.headers });

  it("shows Stripe's own figures: its first invoice for the new plan, and its proration of the running one", async () => {
    const teacher = await signUpAndIn(harness.app);
    const core = await subscribe(teacher, 'Core Plan', 1999, { periodStart: new Date(Date.now() - 10 * DAY_MS) });
    // Stripe's period is the one that counts: 20 days of 30 gone, where our own term arithmetic
    // (from the cycle start 10 days ago) would credit about two thirds instead of one third.
    const periodStart = new Date(Date.now() - 20 * DAY_MS);
    const periodEnd = new Date(periodStart.getTime() + 30 * DAY_MS);
    fake.subscriptions.set(
      core.subscriptionId,
      stripeSubscription({
        id: core.subscriptionId,
        customer: core.customer,
        userId: teacher.userId,
        unitAmount: 1999,
        interval: 'month',
        periodStart,
        periodEnd,
      }),
    );
    // A credit the teacher holds at Stripe ($5) is taken off what Checkout charges.
    fake.customerBalances.set(core.customer, -500);
    const previewsBefore = fake.requestsTo('/v1/invoices/create_preview').length;

    const response = await preview(teacher, 'planName=Full-Time%20Plan&isYearly=true');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      replaces: { plan_name: 'Core Plan', billing_interval: 'month' },
      due_now_cents: 69_490,
      new_price_cents: 69_990,
    });
    // 10 of 30 days unused: a third of $19.99, to the second (a cent either way for the seconds the request takes).
    expect(Math.abs(body.credit_cents - Math.round(1999 / 3))).toBeLessThanOrEqual(1);

    const previews = fake.requestsTo('/v1/invoices/create_preview').slice(previewsBefore);
    expect(previews).toHaveLength(2);
    expect(previews.map((request) => request.params)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          customer: core.customer,
          subscription: core.subscriptionId,
          'subscription_details[cancel_now]': 'true',
          'subscription_details[proration_behavior]': 'create_prorations',
        }),
        expect.objectContaining({
          customer: core.customer,
          'subscription_details[items][0][price_data][unit_amount]': '69990',
          'subscription_details[items][0][price_data][recurring][interval]': 'year',
          'subscription_details[items][0][price_data][currency]': 'usd',
          'subscription_details[items][0][price_data][product]': 'prod_margin_plan',
        }),
      ]),
    );
    fake.customerBalances.delete(core.customer);
  });

  it('asks Stripe nothing on the Free Trial: the new price is due and nothing is replaced', async () => {
    const teacher = await signUpAndIn(harness.app);
    const previewsBefore = fake.requestsTo('/v1/invoices/create_preview').length;
    const response = await preview(teacher, 'planName=Core%20Plan&isYearly=false');
    expect(response.json()).toEqual({ replaces: null, due_now_cents: 1999, credit_cents: 0, new_price_cents: 1999 });
    expect(fake.requestsTo('/v1/invoices/create_preview')).toHaveLength(previewsBefore);
  });

  it('says clearly when Stripe cannot preview, and opens nothing', async () => {
    const teacher = await signUpAndIn(harness.app);
    await subscribe(teacher, 'Lite Plan', 999);
    const checkoutsBefore = await countRows(harness, 'billing_checkouts', teacher.userId);
    fake.failPath('/v1/invoices');
    const response = await preview(teacher, 'planName=Core%20Plan&isYearly=false');
    expect(response.statusCode).toBe(502);
    expect(response.json().error.message).toBe(
      'Could not work out what changing plan costs, because the payment service did not answer. Your plan has not changed; please try again in a few minutes.',
    );
    expect(await countRows(harness, 'billing_checkouts', teacher.userId)).toBe(checkoutsBefore);
    expect(await subscription(teacher)).toMatchObject({ subscription_tier: 'Lite Plan' });
  });

  it('limits how often one teacher makes Stripe preview a change', async () => {
    const teacher = await signUpAndIn(harness.app);
    await subscribe(teacher, 'Lite Plan', 999);
    for (let i = 0; i < PLAN_CHANGE_PREVIEW_RATE_LIMIT.limit; i++) {
      expect((await preview(teacher, 'planName=Core%20Plan&isYearly=false')).statusCode).toBe(200);
    }
    const previewsBefore = fake.requestsTo('/v1/invoices/create_preview').length;
    const refused = await preview(teacher, 'planName=Core%20Plan&isYearly=false');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^You have compared many plan changes in a short time/);
    expect(fake.requestsTo('/v1/invoices/create_preview')).toHaveLength(previewsBefore);
    // Another teacher is not held back.
    const other = await signUpAndIn(harness.app);
    await subscribe(other, 'Lite Plan', 999);
    expect((await preview(other, 'planName=Core%20Plan&isYearly=false')).statusCode).toBe(200);
  });
});
