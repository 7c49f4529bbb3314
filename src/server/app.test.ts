import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '@/server/test/instances';
import { buildTestApp } from '@/server/test/test-app';

describe('health and readiness', () => {
  const harness = buildTestApp({ env: { DEMO_CANVAS: 'false' } });

  it('answers /healthz while alive, and /readyz while the database and the queue answer, 503 once stopping', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });

    await harness.services.jobs.stop();
    const stopping = await harness.app.inject({ method: 'GET', url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toMatchObject({ status: 'unavailable' });
    expect((await harness.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('leaves the demo Canvas out when it is off', () => {
    expect(harness.app.demoCanvas).toBeUndefined();
  });
});

describe('the built server', () => {
  let built: Awaited<ReturnType<typeof buildServer>>;
  beforeAll(async () => {
    built = await buildServer('demo-chunk-check');
  }, 60_000);
  afterAll(() => built.remove());

  it('keeps the demo Canvas out of the main bundle, in a chunk loaded only when it is on', () => {
    const folder = path.dirname(built.main);
    expect(readFileSync(built.main, 'utf8')).not.toContain('src/server/demo-canvas/plugin.ts');
    const chunks = readdirSync(path.join(folder, 'chunks')).filter((file) => file.endsWith('.js'));
    const demo = chunks.filter((file) =>
      readFileSync(path.join(folder, 'chunks', file), 'utf8').includes('src/server/demo-canvas/plugin.ts'),
    );
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatch(/^demo-canvas-/);
  });
});
