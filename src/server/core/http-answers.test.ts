// What every answer carries and which paths the static handler refuses, on a small client folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';

const clientDir = mkdtempSync(path.join(tmpdir(), 'margin-client-paths-'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'assets', 'index-abc.js'), 'console.log(1);');
mkdirSync(path.join(clientDir, '.vite'));
writeFileSync(path.join(clientDir, '.vite', 'manifest.json'), '{}');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const harness = buildTestApp({ clientDir });

describe('static paths', () => {
  it('answers 404, not 500, for a path through a file, a very long path and a hidden folder', async () => {
    for (const url of [
      '/index.html/x',
      '/assets/index-abc.js/x',
      `/${'a'.repeat(10_000)}`,
      `/${'a/'.repeat(3_000)}`,
      '/.vite/manifest.json',
    ]) {
      const response = await harness.app.inject({ method: 'GET', url });
      expect(response.statusCode, url.slice(0, 40)).toBe(404);
    }
  });

  it('still sends the build’s files, and the app page for its screens', async () => {
    expect((await harness.app.inject({ method: 'GET', url: '/assets/index-abc.js' })).statusCode).toBe(200);
    const screen = await harness.app.inject({ method: 'GET', url: '/courses/12/assignments' });
    expect(screen.statusCode).toBe(200);
    expect(screen.body).toContain('id="root"');
  });
});

describe('API answers and caches', () => {
  it('tells every cache to keep no API answer: the access token, the profile, errors', async () => {
    const teacher = await signUpAndIn(harness.app);
    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: teacher.email, password: teacher.password },
    });
    expect(signIn.json()).toHaveProperty('session.access_token');
    expect(signIn.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/profile', '/api/usage', '/api/canvas/connection']) {
      const response = await harness.app.inject({ method: 'GET', url, headers: teacher.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await harness.app.inject({ method: 'GET', url: '/api/profile' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // The app's pages and files keep their own rule.
    expect((await harness.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).not.toBe('no-store');
  });
});
