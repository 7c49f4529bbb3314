import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { buildTestApp } from '@/server/test/test-app';

/**
 * A deployment (NODE_ENV=production set on purpose) must not face the public with the conveniences
 * of a laptop start: the demo Canvas, with its shared teacher token and fault knobs, is off unless
 * DEMO_CANVAS=true asks for it.
 */

describe('the demo Canvas in production', () => {
  describe('with NODE_ENV=production alone', () => {
    const harness = buildTestApp({ env: { NODE_ENV: 'production' } });

    it('is not served, nor offered on the setup page, when NODE_ENV=production', async () => {
      // No Canvas API answers there: the address is just another page of the app (its shell when the
      // client is built, the plain 404 when it is not), never Canvas's 401 for a missing token.
      const demo = await harness.app.inject({ method: 'GET', url: '/demo-canvas/api/v1/users/self' });
      expect([200, 404]).toContain(demo.statusCode);
      expect(demo.body).not.toContain('user authorization required');
      expect(harness.app.demoCanvas).toBeUndefined();
      const config = await harness.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json()).toMatchObject({ demoCanvas: null });
    });
  });

  describe('with DEMO_CANVAS=true', () => {
    const harness = buildTestApp({ env: { NODE_ENV: 'production', DEMO_CANVAS: 'true' } });

    it('is served when DEMO_CANVAS=true turns it on explicitly', async () => {
      const demo = await harness.app.inject({ method: 'GET', url: '/demo-canvas/api/v1/users/self' });
      expect(demo.statusCode).toBe(401);
      const config = await harness.app.inject({ method: 'GET', url: '/api/config' });
      expect(config.json().demoCanvas).toMatchObject({ url: expect.stringContaining('/demo-canvas') });
    });
  });

  it('stays on for `npm start` on a laptop, where NODE_ENV is not set at all', () => {
    const config = loadConfig({
      APP_SECRET: 'a-secret-that-is-long-enough-to-derive-keys',
      DATA_DIR: '/tmp/margin-unused',
    });
    expect(config.environment).toBe('production');
    expect(config.declaredProduction).toBe(false);
    expect(config.demoCanvas).toBe(true);
  });
});
