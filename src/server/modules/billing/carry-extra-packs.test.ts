import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';
import { getJson, postJson } from '@/server/test/billing-test-support';

/** Decision 019: unused extra submissions survive a plan change that starts a new billing period. */
const harness = buildTestApp();

type Teacher = Awaited<ReturnType<typeof signUpAndIn>>;
const usage = (teacher: Teacher) => getJson(harness.app, '/api/usage', teacher.headers);

async function checkOut(teacher: Teacher, url: string, body: object) {
  const started = await postJson(harness.app, url, teacher.headers, body);
  expect(started.statusCode, started.body).toBe(200);
  const checkoutId = /\/billing\/checkout\/([0-9a-f-]{36})/.exec(started.json().url)![1];
  const done = await postJson(harness.app, `/api/billing/test-mode/checkouts/${checkoutId}/complete`, teacher.headers);
  expect(done.statusCode, done.body).toBe(200);
}
const buyPack = (teacher: Teacher) => checkOut(teacher, '/api/billing/submission-purchase', { returnTo: '/settings' });
const buyPlan = (teacher: Teacher, planName: string, isYearly = false) =>
  checkOut(teacher, '/api/billing/checkout', { planName, isYearly });

async function setUsed(teacher: Teacher, period: string, used: number) {
  await harness.database.db.execute(
    sql`insert into usage_tracking (user_id, email, billing_period, month_year, submissions_used)
        values (${teacher.userId}, ${teacher.email}, ${period}, ${period.slice(0, 7)}, ${used})
        on conflict (user_id, billing_period) do update set submissions_used = excluded.submissions_used`,
  );
}

describe('extra submissions across a plan change', () => {
  it('keeps an unused Free Trial pack after upgrading to a plan', async () => {
    const teacher = await signUpAndIn(harness.app);
    await buyPack(teacher);
    expect(await usage(teacher)).toMatchObject({ total_limit: 110, purchased_submissions: 100 });
    await buyPlan(teacher, 'Core Plan');
    expect(await usage(teacher)).toMatchObject({
      subscription_tier: 'Core Plan',
      limit: 750,
      purchased_submissions: 100,
      total_limit: 850,
      submissions_used: 0,
    });
  });

  it('carries only what is left of the pack once the plan allowance is spent', async () => {
    const teacher = await signUpAndIn(harness.app);
    await buyPack(teacher);
    await setUsed(teacher, 'trial', 25); // 10 from the trial, 15 from the pack
    await buyPlan(teacher, 'Lite Plan');
    expect(await usage(teacher)).toMatchObject({ limit: 250, purchased_submissions: 85, total_limit: 335 });
  });

  it('keeps a pack bought on a monthly plan after switching to yearly, once', async () => {
    const teacher = await signUpAndIn(harness.app);
    await buyPlan(teacher, 'Core Plan');
    await buyPack(teacher);
    expect(await usage(teacher)).toMatchObject({ purchased_submissions: 100, total_limit: 850 });
    const switched = await postJson(harness.app, '/api/billing/test-mode/portal/plan', teacher.headers, {
      planName: 'Core Plan',
      isYearly: true,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(await usage(teacher)).toMatchObject({ purchased_submissions: 100, total_limit: 850 });
    // A change within the same period adds nothing more.
    const upgraded = await postJson(harness.app, '/api/billing/test-mode/portal/plan', teacher.headers, {
      planName: 'Full-Time Plan',
      isYearly: true,
    });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(await usage(teacher)).toMatchObject({ limit: 2000, purchased_submissions: 100, total_limit: 2100 });
  });

  it('carries nothing when no pack was bought', async () => {
    const teacher = await signUpAndIn(harness.app);
    await buyPlan(teacher, 'Core Plan');
    expect(await usage(teacher)).toMatchObject({ purchased_submissions: 0, total_limit: 750 });
  });
});
