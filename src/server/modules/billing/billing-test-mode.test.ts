import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingCheckouts, submissionPurchases, subscribers } from '@/server/db/schema';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';
import { CHECKOUT_RATE_LIMIT } from './start-checkout';
import { auditActions, countRows, dayKey, getJson, postJson, subscriberRow } from '../../test/billing-test-support';

/** Local test-mode billing (no STRIPE_SECRET_KEY): the default every `npm start` runs with. */
const harness = buildTestApp();

type Teacher = Awaited<ReturnType<typeof signUpAndIn>>;
const DAY_MS = 86_400_000;

const subscription = (teacher: Teacher) => getJson(harness.app, '/api/billing/subscription', teacher.headers);
const usage = (teacher: Teacher) => getJson(harness.app, '/api/usage', teacher.headers);

async function startCheckout(teacher: Teacher, body: Record<string, unknown>) {
  const response = await postJson(harness.app, '/api/billing/checkout', teacher.headers, body);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json<{ url: string }>();
  const checkoutId = /^\/billing\/checkout\/([0-9a-f-]{36})\?/.exec(url)?.[1];
  expect(checkoutId, url).toBeDefined();
  return { url, checkoutId: checkoutId! };
}

async function buyExtraPack(teacher: Teacher) {
  const response = await postJson(harness.app, '/api/billing/submission-purchase', teacher.headers, {
    returnTo: '/settings',
  });
  expect(response.statusCode, response.body).toBe(200);
  const checkoutId = /^\/billing\/checkout\/([0-9a-f-]{36})\?return=%2Fsettings$/.exec(response.json().url)?.[1];
  expect(checkoutId).toBeDefined();
  await complete(teacher, checkoutId!);
  return checkoutId!;
}

async function complete(teacher: Teacher, checkoutId: string) {
  const response = await postJson(
    harness.app,
    `/api/billing/test-mode/checkouts/${checkoutId}/complete`,
    teacher.headers,
  );
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ status: 'completed' });
}

async function subscribe(teacher: Teacher, planName: string, isYearly = false) {
  const { checkoutId } = await startCheckout(teacher, { planName, isYearly });
  await complete(teacher, checkoutId);
  return checkoutId;
}

describe('subscription status (check-subscription)', () => {
  it('reports the Free Trial for a new teacher', async () => {
    const teacher = await signUpAndIn(harness.app);
    expect(await subscription(teacher)).toEqual({
      subscribed: false,
      subscription_tier: 'Free Trial',
      billing_interval: null,
      subscription_end: null,
      cancel_at_period_end: false,
      billing_cycle_start: null,
      next_reset_date: null,
      days_remaining: null,
    });
  });

  it('needs a signed-in teacher for every billing call', async () => {
    for (const [method, url] of [
      ['GET', '/api/billing/subscription'],
      ['POST', '/api/billing/checkout'],
      ['POST', '/api/billing/submission-purchase'],
      ['POST', '/api/billing/portal'],
      ['GET', '/api/billing/test-mode/checkouts/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/billing/test-mode/portal/cancel'],
    ] as const) {
      const response = await harness.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('has no webhook endpoint without Stripe', async () => {
    const response = await harness.app.inject({ method: 'POST', url: '/api/billing/webhook', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

describe('create-checkout in test mode', () => {
  it('refuses an unknown plan, a plan that is not sold, and malformed bodies with a 400 naming the field', async () => {
    const teacher = await signUpAndIn(harness.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ planName: 'Mega Plan', isYearly: false }, 'planName'],
      [{ planName: 'Free Trial', isYearly: false }, 'planName'],
      [{ planName: 'Institutional Plan', isYearly: true }, 'planName'],
      [{ planName: 'Core Plan' }, 'isYearly'],
      [{ planName: 'Core Plan', isYearly: 'yes' }, 'isYearly'],
      [{ planName: 'Core Plan', isYearly: false, returnTo: 'https://evil.example/' }, 'returnTo'],
      [{ planName: 'Core Plan', isYearly: false, monthlyPrice: 0.01 }, 'monthlyPrice'],
    ];
    for (const [body, field] of cases) {
      const response = await postJson(harness.app, '/api/billing/checkout', teacher.headers, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', field });
    }
    expect(await countRows(harness, 'billing_checkouts', teacher.userId)).toBe(0);
  });

  it('carries the grading screen and student she left to upgrade, and refuses any other place to return to', async () => {
    const teacher = await signUpAndIn(harness.app);
    const hostile = [
      'https://evil.example/',
      '//evil.example/courses/1/assignments/2/grade',
      '/\\evil.example/courses/1/assignments/2/grade',
      'javascript:alert(1)',
      '/courses/1/assignments/2/grade?student=3&next=https://evil.example/',
      '/courses/1/assignments/2/grade/../../../../evil',
      '/courses/1/assignments/2/grade#https://evil.example/',
      '/courses/1/assignments/2/grade?student=',
      '/courses/1/rubrics/2/grade?student=3',
      '/courses/1/assignments/2/grade?student=3\nSet-Cookie: a=b',
    ];
    for (const returnTo of hostile) {
      const response = await postJson(harness.app, '/api/billing/checkout', teacher.headers, {
        planName: 'Core Plan',
        isYearly: false,
        returnTo,
      });
      expect(response.statusCode, returnTo).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', field: 'returnTo' });
      const pack = await postJson(harness.app, '/api/billing/submission-purchase', teacher.headers, { returnTo });
      expect(pack.statusCode, returnTo).toBe(400);
    }
    expect(await countRows(harness, 'billing_checkouts', teacher.userId)).toBe(0);

    const place = '/courses/4201/assignments/5001/grade?student=2003';
    const { url, checkoutId } = await startCheckout(teacher, {
      planName: 'Core Plan',
      isYearly: false,
      returnTo: place,
    });
    expect(url).toBe(`/billing/checkout/${checkoutId}?return=${encodeURIComponent(place)}`);
    await complete(teacher, checkoutId);
    expect(await subscription(teacher)).toMatchObject({ subscribed: true, subscription_tier: 'Core Plan' });
    for (const screen of ['discussions/6101', 'quizzes/8101']) {
      const pack = await postJson(harness.app, '/api/billing/submission-purchase', teacher.headers, {
        returnTo: `/courses/4201/${screen}/grade?student=2003`,
      });
      expect(pack.statusCode, pack.body).toBe(200);
      expect(pack.json().url).toContain(`?return=${encodeURIComponent(`/courses/4201/${screen}/grade?student=2003`)}`);
    }
  });

  it('opens an in-app checkout at the catalogue price and audits it', async () => {
    const teacher = await signUpAndIn(harness.app);
    const { url, checkoutId } = await startCheckout(teacher, {
      planName: 'Core Plan',
      isYearly: false,
      returnTo: '/pricing',
    });
    expect(url).toBe(`/billing/checkout/${checkoutId}?return=%2Fpricing`);
    const [row] = await harness.database.db.select().from(billingCheckouts).where(eq(billingCheckouts.id, checkoutId));
    expect(row).toMatchObject({
      userId: teacher.userId,
      kind: 'subscription',
      planName: 'Core Plan',
      billingInterval: 'month',
      amountCents: 1999,
      status: 'open',
      provider: 'local',
      providerSessionId: null,
    });
    expect(await auditActions(harness, teacher.userId)).toContain('SUBSCRIPTION_CHECKOUT_INITIATED');

    expect(await getJson(harness.app, `/api/billing/test-mode/checkouts/${checkoutId}`, teacher.headers)).toMatchObject(
      {
        id: checkoutId,
        kind: 'subscription',
        plan_name: 'Core Plan',
        billing_interval: 'month',
        amount_cents: 1999,
        submissions: 750,
        status: 'open',
      },
    );
    // Another teacher cannot see, complete or cancel it.
    const stranger = await signUpAndIn(harness.app);
    for (const suffix of ['', '/complete', '/cancel']) {
      const response = await harness.app.inject({
        method: suffix ? 'POST' : 'GET',
        url: `/api/billing/test-mode/checkouts/${checkoutId}${suffix}`,
        headers: stranger.headers,
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await subscription(teacher)).subscription_tier).toBe('Free Trial');
  });

  it('completing it starts the plan through the shared event path, exactly once', async () => {
    const teacher = await signUpAndIn(harness.app);
    const before = Date.now();
    const checkoutId = await subscribe(teacher, 'Core Plan');

    const row = await subscriberRow(harness, teacher.userId);
    expect(row).toMatchObject({
      subscribed: true,
      subscriptionTier: 'Core Plan',
      billingInterval: 'month',
      subscriptionEnd: null,
    });
    expect(row!.billingCycleStart!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const events = await queryRows<{ id: string; type: string; provider: string }>(
      harness.database.db,
      sql`select id, type, provider from billing_events where id = ${`local:checkout.completed:${checkoutId}`}`,
    );
    expect(events).toEqual([
      { id: `local:checkout.completed:${checkoutId}`, type: 'checkout.completed', provider: 'local' },
    ]);

    const status = await subscription(teacher);
    expect(status).toMatchObject({
      subscribed: true,
      subscription_tier: 'Core Plan',
      billing_interval: 'month',
      cancel_at_period_end: false,
    });
    const monthLater = Date.parse(status.subscription_end) - Date.parse(status.billing_cycle_start);
    expect(monthLater).toBeGreaterThanOrEqual(28 * DAY_MS);
    expect(monthLater).toBeLessThanOrEqual(31 * DAY_MS);
    expect(status.next_reset_date).toBe(status.subscription_end);
    expect(status.days_remaining).toBeGreaterThanOrEqual(28);

    expect(await usage(teacher)).toMatchObject({
      subscription_tier: 'Core Plan',
      limit: 750,
      purchased_submissions: 0,
      total_limit: 750,
      billing_period: dayKey(row!.billingCycleStart!),
    });

    // The same completion again is refused and changes nothing.
    const again = await postJson(
      harness.app,
      `/api/billing/test-mode/checkouts/${checkoutId}/complete`,
      teacher.headers,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This checkout was already completed.');
    expect(await subscriberRow(harness, teacher.userId)).toEqual(row);

    // Buying the plan one already has is refused; the other interval is a different purchase.
    const same = await postJson(harness.app, '/api/billing/checkout', teacher.headers, {
      planName: 'Core Plan',
      isYearly: false,
    });
    expect(same.statusCode).toBe(409);
  });

  it('bills a yearly plan at ten months and still resets usage monthly', async () => {
    const teacher = await signUpAndIn(harness.app);
    const { checkoutId } = await startCheckout(teacher, { planName: 'Lite Plan', isYearly: true });
    expect(
      (await getJson(harness.app, `/api/billing/test-mode/checkouts/${checkoutId}`, teacher.headers)).amount_cents,
    ).toBe(9990);
    await complete(teacher, checkoutId);
    const status = await subscription(teacher);
    expect(status).toMatchObject({ subscribed: true, subscription_tier: 'Lite Plan', billing_interval: 'year' });
    const term = Date.parse(status.subscription_end) - Date.parse(status.billing_cycle_start);
    expect(term).toBeGreaterThanOrEqual(365 * DAY_MS);
    expect(term).toBeLessThanOrEqual(366 * DAY_MS);
    expect(Date.parse(status.next_reset_date) - Date.parse(status.billing_cycle_start)).toBeLessThanOrEqual(
      31 * DAY_MS,
    );
    expect(await usage(teacher)).toMatchObject({ limit: 250, total_limit: 250 });
  });

  it('limits how many checkouts a teacher can open in a short time', async () => {
    const teacher = await signUpAndIn(harness.app);
    for (let attempt = 0; attempt < CHECKOUT_RATE_LIMIT.limit; attempt += 1) {
      await startCheckout(teacher, { planName: 'Lite Plan', isYearly: attempt % 2 === 0 });
    }
    const refused = await postJson(harness.app, '/api/billing/submission-purchase', teacher.headers, {});
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another teacher is not affected.
    const other = await signUpAndIn(harness.app);
    await startCheckout(other, { planName: 'Lite Plan', isYearly: false });
  });

  it('a cancelled checkout changes nothing and cannot be completed afterwards', async () => {
    const teacher = await signUpAndIn(harness.app);
    const { checkoutId } = await startCheckout(teacher, { planName: 'Super Plan', isYearly: false });
    const cancel = await postJson(
      harness.app,
      `/api/billing/test-mode/checkouts/${checkoutId}/cancel`,
      teacher.headers,
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ status: 'cancelled' });
    const completion = await postJson(
      harness.app,
      `/api/billing/test-mode/checkouts/${checkoutId}/complete`,
      teacher.headers,
    );
    expect(completion.statusCode).toBe(409);
    expect((await subscription(teacher)).subscription_tier).toBe('Free Trial');
    expect((await usage(teacher)).total_limit).toBe(10);
    expect(await countRows(harness, 'submission_purchases', teacher.userId)).toBe(0);
  });
});

describe('extra submission packs', () => {
  it('adds 100 submissions to the current billing period only', async () => {
    const teacher = await signUpAndIn(harness.app);
    // On the Free Trial, the pack joins the trial's 10, which never reset.
    const trialPack = await buyExtraPack(teacher);
    expect(await auditActions(harness, teacher.userId)).toContain('SUBMISSION_PURCHASE_INITIATED');
    expect(await usage(teacher)).toMatchObject({
      limit: 10,
      purchased_submissions: 100,
      total_limit: 110,
      billing_period: 'trial',
    });
    const [purchase] = await harness.database.db
      .select()
      .from(submissionPurchases)
      .where(eq(submissionPurchases.userId, teacher.userId));
    expect(purchase).toMatchObject({
      billingPeriod: 'trial',
      submissions: 100,
      amountCents: 500,
      paymentReference: `checkout:${trialPack}`,
    });

    // A plan starts a new period: the trial's unused pack moves into it (decision 019).
    await subscribe(teacher, 'Lite Plan');
    const litePeriod = (await usage(teacher)).billing_period;
    expect(await usage(teacher)).toMatchObject({ limit: 250, purchased_submissions: 100, total_limit: 350 });
    await buyExtraPack(teacher);
    expect(await usage(teacher)).toMatchObject({
      purchased_submissions: 200,
      total_limit: 450,
      billing_period: litePeriod,
    });

    // A month later the period has moved on and the pack has lapsed.
    await harness.database.db
      .update(subscribers)
      .set({ billingCycleStart: new Date(Date.now() - 35 * DAY_MS) })
      .where(eq(subscribers.userId, teacher.userId));
    const nextMonth = await usage(teacher);
    expect(nextMonth.billing_period).not.toBe(litePeriod);
    expect(nextMonth).toMatchObject({ purchased_submissions: 0, total_limit: 250 });
    const rows = await harness.database.db
      .select({ period: submissionPurchases.billingPeriod })
      .from(submissionPurchases)
      .where(and(eq(submissionPurchases.userId, teacher.userId), eq(submissionPurchases.billingPeriod, litePeriod)));
    expect(rows).toHaveLength(2);
  });

  it('accepts a purchase request without a body', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/billing/submission-purchase',
      headers: teacher.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toMatch(/^\/billing\/checkout\/[0-9a-f-]{36}\?return=%2Fsettings$/);
  });
});

describe('customer portal in test mode', () => {
  it('opens the in-app portal and audits it', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await postJson(harness.app, '/api/billing/portal', teacher.headers, { returnTo: '/dashboard' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ url: '/billing/portal?return=%2Fdashboard' });
    expect(await auditActions(harness, teacher.userId)).toContain('CUSTOMER_PORTAL_ACCESSED');
    // Nothing to manage on the Free Trial.
    const change = await postJson(harness.app, '/api/billing/test-mode/portal/plan', teacher.headers, {
      planName: 'Core Plan',
      isYearly: false,
    });
    expect(change.statusCode).toBe(409);
  });

  it('switches plan, cancels at the end of the period, resumes, and lapses to the Free Trial after the end', async () => {
    const teacher = await signUpAndIn(harness.app);
    await subscribe(teacher, 'Core Plan');
    const started = await subscription(teacher);

    const upgrade = await postJson(harness.app, '/api/billing/test-mode/portal/plan', teacher.headers, {
      planName: 'Full-Time Plan',
      isYearly: false,
    });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    expect(upgrade.json()).toMatchObject({
      subscription_tier: 'Full-Time Plan',
      billing_interval: 'month',
      billing_cycle_start: started.billing_cycle_start,
    });
    expect(await usage(teacher)).toMatchObject({ limit: 2000, total_limit: 2000 });

    const unknown = await postJson(harness.app, '/api/billing/test-mode/portal/plan', teacher.headers, {
      planName: 'Gold Plan',
      isYearly: false,
    });
    expect(unknown.statusCode).toBe(400);

    const cancel = await postJson(harness.app, '/api/billing/test-mode/portal/cancel', teacher.headers);
    expect(cancel.json()).toMatchObject({
      subscribed: true,
      subscription_tier: 'Full-Time Plan',
      cancel_at_period_end: true,
      subscription_end: started.subscription_end,
    });
    expect(await usage(teacher)).toMatchObject({ limit: 2000 });

    const resume = await postJson(harness.app, '/api/billing/test-mode/portal/resume', teacher.headers);
    expect(resume.json()).toMatchObject({
      subscribed: true,
      cancel_at_period_end: false,
      subscription_end: started.subscription_end,
    });

    const yearly = await postJson(harness.app, '/api/billing/test-mode/portal/plan', teacher.headers, {
      planName: 'Full-Time Plan',
      isYearly: true,
    });
    expect(yearly.json()).toMatchObject({ subscription_tier: 'Full-Time Plan', billing_interval: 'year' });
    expect(Date.parse(yearly.json().subscription_end) - Date.now()).toBeGreaterThan(360 * DAY_MS);

    await postJson(harness.app, '/api/billing/test-mode/portal/cancel', teacher.headers);
    // The end of the term passes.
    await harness.database.db
      .update(subscribers)
      .set({
        billingCycleStart: new Date(Date.now() - 400 * DAY_MS),
        subscriptionEnd: new Date(Date.now() - 35 * DAY_MS),
      })
      .where(eq(subscribers.userId, teacher.userId));
    expect(await subscription(teacher)).toMatchObject({
      subscribed: false,
      subscription_tier: 'Free Trial',
      subscription_end: null,
    });
    expect(await usage(teacher)).toMatchObject({ subscription_tier: 'Free Trial', limit: 10, billing_period: 'trial' });
  });
});
