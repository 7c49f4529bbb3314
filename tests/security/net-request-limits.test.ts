import { connect, type Socket } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { SERVER_LIMITS } from '@/server/app';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';

/**
 * Security review H4 and M8: what one request may cost before any route runs. Deeply nested JSON is
 * refused before JSON.parse sees it; routes anyone can call without signing in take small bodies;
 * a client that sends its headers or its body a byte at a time is cut off.
 */

const harness = buildTestApp();
// The same app on the same database with short time limits, listening, for the slow clients.
const slow = buildTestApp(() => ({
  database: harness.database,
  serverLimits: { headersTimeoutMs: 600, requestTimeoutMs: 1_000, checkIntervalMs: 200 },
}));
let slowPort: number;
beforeAll(async () => {
  await slow.app.listen({ port: 0, host: '127.0.0.1' });
  const address = slow.app.server.address();
  slowPort = typeof address === 'object' && address ? address.port : 0;
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('JSON nesting', () => {
  it('refuses 400,000 levels on a signed-in route at once, before parsing', async () => {
    const teacher = await signUpAndIn(harness.app);
    const started = performance.now();
    const response = await harness.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { ...teacher.headers, 'content-type': 'application/json' },
      payload: nested(400_000),
    });
    const elapsedMs = performance.now() - started;
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: { code: 'VALIDATION', message: expect.stringContaining('nested more than 32 levels') },
    });
    // JSON.parse of this body alone takes about 0.8 s; the depth check stops at level 33.
    expect(elapsedMs).toBeLessThan(300);
  });

  it('refuses it on a public route too, and keeps the prototype-pollution refusal', async () => {
    const deep = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'content-type': 'application/json' },
      payload: nested(5_000),
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({ error: { message: expect.stringContaining('nested') } });

    const polluted = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.test","password":"secret1","__proto__":{"isAdmin":true}}',
    });
    expect(polluted.statusCode).toBe(400);
  });

  it('accepts ordinary nesting', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'nobody@school.test', password: 'not the password [[{{' }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('body sizes', () => {
  it.each([
    ['/api/auth/sign-in', 20 * 1024],
    ['/api/contact/messages', 200 * 1024],
    ['/api/literacy/revisions', 200 * 1024],
    ['/api/literacy/signups', 200 * 1024],
  ])('a public route (%s) refuses a %i-byte body with 413', async (url, bytes) => {
    const response = await harness.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(bytes) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('the public literacy routes still take a 20,000-character assignment', async () => {
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/literacy/revisions',
      headers: { 'content-type': 'application/json' },
      // Three bytes a character in UTF-8: about 60 KB. The schema answers, not the size limit.
      payload: JSON.stringify({ originalAssignment: 'é'.repeat(20_000), unknownField: true }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'VALIDATION' } });
  });
});

describe('slow clients', () => {
  it('the built app has finite header, request, idle and keep-alive limits', async () => {
    const server = harness.app.server;
    expect(server.headersTimeout).toBe(SERVER_LIMITS.headersTimeoutMs);
    expect(server.requestTimeout).toBe(SERVER_LIMITS.requestTimeoutMs);
    expect(server.timeout).toBe(SERVER_LIMITS.idleTimeoutMs);
    expect(server.keepAliveTimeout).toBe(SERVER_LIMITS.keepAliveTimeoutMs);
    expect(SERVER_LIMITS.requestTimeoutMs).toBeGreaterThan(0);
  });

  /** Opens a connection, sends `first`, then `drip` every 150 ms; resolves when the server closes it. */
  function dripUntilClosed(first: string, drip: string): Promise<{ seconds: number; answer: string }> {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      let answer = '';
      const socket: Socket = connect(slowPort, '127.0.0.1', () => socket.write(first));
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip);
      }, 150);
      const giveUp = setTimeout(() => {
        socket.destroy();
        reject(new Error('the server kept the slow connection open for 10 s'));
      }, 10_000);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearInterval(timer);
        clearTimeout(giveUp);
        resolve({ seconds: (performance.now() - started) / 1000, answer });
      });
    });
  }

  it('cuts off a client that sends its body a byte at a time', async () => {
    const head =
      'POST /api/contact/messages HTTP/1.1\r\nHost: margin.test\r\nContent-Type: application/json\r\nContent-Length: 5000\r\n\r\n{';
    const { seconds, answer } = await dripUntilClosed(head, ' ');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(seconds).toBeLessThan(3);
  });

  it('cuts off a client that sends its headers a line at a time', async () => {
    const { seconds } = await dripUntilClosed('GET /api/health HTTP/1.1\r\nHost: margin.test\r\n', 'X-Slow: a\r\n');
    expect(seconds).toBeLessThan(3);
  });
});
