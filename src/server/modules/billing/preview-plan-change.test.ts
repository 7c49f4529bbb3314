import { describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';
import { postJson } from '@/server/test/billing-test-support';

const harness = buildTestApp();

type Teacher = Awaited<ReturnType<typeof signUpAndIn>>;
const preview = (teacher: Teacher, query: string) =>
  harness.app.inject({ method: 'GET', url: `/api/billing/plan-change?${query}`, headers: teacher.headers });

describe('plan change preview', () => {
  it('replaces nothing on the Free Trial: the new price is due', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await preview(teacher, 'planName=Core%20Plan&isYearly=false');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ replaces: null, due_now_cents: 1999, credit_cents: 0, new_price_cents: 1999 });
  });

  it('names the plan it replaces and credits its unused time', async () => {
    const teacher = await signUpAndIn(harness.app);
    const started = await postJson(harness.app, '/api/billing/checkout', teacher.headers, {
      planName: 'Core Plan',
      isYearly: false,
    });
    const checkoutId = /\/billing\/checkout\/([0-9a-f-]{36})/.exec(started.json().url)![1];
    await postJson(harness.app, `/api/billing/test-mode/checkouts/${checkoutId}/complete`, teacher.headers);

    const response = await preview(teacher, 'planName=Full-Time%20Plan&isYearly=true');
    expect(response.json()).toMatchObject({
      replaces: { plan_name: 'Core Plan', billing_interval: 'month' },
      due_now_cents: 69_990,
      new_price_cents: 69_990,
    });
    // Bought moments ago: almost all of the $19.99 month is unused.
    expect(response.json().credit_cents).toBeGreaterThan(1990);
    expect(response.json().credit_cents).toBeLessThanOrEqual(1999);
  });

  it('refuses an unknown plan with a clear 400', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await preview(teacher, 'planName=Gold&isYearly=false');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Unknown plan/);
  });
});
