import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';
import { countRows, postJson } from '@/server/test/billing-test-support';

/** Production without Stripe: test-mode billing stays off unless BILLING_TEST_MODE=true turns it on. */
describe('billing mode from the environment', () => {
  it('keeps test mode off in production unless BILLING_TEST_MODE=true', () => {
    const base = { APP_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/margin-test-unused' };
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).billingTestMode).toBe(false);
    // `npm start` on a laptop sets no NODE_ENV: the embedded defaults keep test-mode checkout.
    expect(loadConfig({ ...base }).billingTestMode).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'production', BILLING_TEST_MODE: 'true' }).billingTestMode).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'development' }).billingTestMode).toBe(true);
    expect(loadConfig({ ...base, NODE_ENV: 'test', BILLING_TEST_MODE: 'false' }).billingTestMode).toBe(false);
  });
});

describe('production without Stripe and without BILLING_TEST_MODE', () => {
  const harness = buildTestApp({ env: { NODE_ENV: 'production' } });

  it('says billing is off in the public config', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ billingMode: 'off' });
  });

  it('refuses plan changes, extra packs and the portal with "billing is not configured", writing nothing', async () => {
    const teacher = await signUpAndIn(harness.app);
    for (const [url, payload] of [
      ['/api/billing/checkout', { planName: 'Core Plan', isYearly: false }],
      ['/api/billing/submission-purchase', { returnTo: '/settings' }],
      ['/api/billing/portal', { returnTo: '/settings' }],
    ] as const) {
      const response = await postJson(harness.app, url, teacher.headers, payload);
      expect(response.statusCode, url).toBe(503);
      expect(response.json().error).toMatchObject({ code: 'BILLING_NOT_CONFIGURED' });
      expect(response.json().error.message).toMatch(/^Billing is not configured on this installation/);
    }
    expect(await countRows(harness, 'billing_checkouts', teacher.userId)).toBe(0);
  });

  it('has no test-mode checkout or portal to give oneself a plan with', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await postJson(harness.app, '/api/billing/test-mode/portal/plan', teacher.headers, {
      planName: 'Max Plan',
      isYearly: false,
    });
    expect(response.statusCode).toBe(404);
  });

  it('still reports the Free Trial', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await harness.app.inject({
      method: 'GET',
      url: '/api/billing/subscription',
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscription_tier: 'Free Trial' });
  });
});
