import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_EXCEEDED_BODY, startDemoCanvas, type RunningDemoCanvas } from './index';
import { REQUEST_LOG_LIMIT } from './faults';
import { callCanvas } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterEach(() => demo.faults.reset());
afterAll(() => demo.close());

const self = () => callCanvas(demo.baseUrl, '/api/v1/users/self', { token: demo.token });

describe('demo Canvas throttling', () => {
  it('charges each request to a leaky bucket and reports what remains', async () => {
    const answer = await self();
    expect(answer.headers.get('x-request-cost')).toMatch(/^\d+\.\d+$/);
    expect(Number(answer.headers.get('x-rate-limit-remaining'))).toBeGreaterThan(599);
  });

  it('refuses with the plain-text 403 when the bucket is full', async () => {
    demo.faults.throttle = { highWaterMark: 0 };
    const answer = await self();
    expect(answer.status).toBe(403);
    expect(answer.text).toBe(RATE_LIMIT_EXCEEDED_BODY);
    expect(answer.text).toBe('403 Forbidden (Rate Limit Exceeded)\n');
    expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(answer.headers.get('x-request-cost')).toBeNull();
    expect(answer.headers.get('x-rate-limit-remaining')).not.toBeNull();
    expect(answer.headers.get('retry-after')).toBeNull();
  });

  it('throttles parallel requests that pay the up-front cost together, not sequential ones', async () => {
    demo.faults.throttle = { highWaterMark: 120, upFrontCost: 50 };
    // Long enough that all six arrive while the first two still hold their up-front cost.
    demo.faults.latencyMs = 250;
    const parallel = await Promise.all(Array.from({ length: 6 }, self));
    const statuses = parallel.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 403, 403, 403, 403]);
    demo.faults.latencyMs = 0;
    for (let i = 0; i < 4; i++) expect((await self()).status).toBe(200);
  });

  it('fills up when every request costs more than the bucket drains', async () => {
    demo.faults.throttle = { highWaterMark: 200, requestCost: 60, outflowPerSecond: 0 };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await self()).status);
    expect(statuses).toEqual([200, 200, 200, 403, 403]);
  });
});

describe('demo Canvas fault injection', () => {
  it('fails the next requests with Canvas bodies, or the body given', async () => {
    demo.faults.failNext(1, 500);
    demo.faults.failNext(1, 503, { errors: [{ message: 'maintenance' }] });
    const first = await self();
    expect(first.status).toBe(500);
    expect(first.json).toEqual({ errors: [{ message: 'An error occurred.', error_code: 'internal_server_error' }] });
    const second = await self();
    expect(second.json).toEqual({ errors: [{ message: 'maintenance' }] });
    expect((await self()).status).toBe(200);
  });

  it('adds latency and closes connections without an answer', async () => {
    demo.faults.latencyMs = 60;
    const started = performance.now();
    await self();
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
    demo.faults.latencyMs = 0;
    demo.faults.dropNext(1);
    await expect(self()).rejects.toThrow();
    expect((await self()).status).toBe(200);
  });

  it('logs each request with method, path, query and time', async () => {
    await callCanvas(demo.baseUrl, '/api/v1/courses?include[]=term&include[]=favorites&per_page=5', {
      token: demo.token,
    });
    expect(demo.requestLog).toEqual([
      {
        method: 'GET',
        path: '/api/v1/courses',
        query: { 'include[]': ['term', 'favorites'], per_page: '5' },
        timestamp: expect.any(Number),
      },
    ]);
  });

  it('keeps only the latest requests, so a long-running demo Canvas does not grow without end', async () => {
    const extra = 25;
    for (let i = 0; i < REQUEST_LOG_LIMIT + extra; i++) {
      await callCanvas(demo.baseUrl, `/api/v1/users/self?n=${i}`, { token: demo.token });
    }
    expect(demo.requestLog).toHaveLength(REQUEST_LOG_LIMIT);
    expect(demo.requestLog[0]!.query.n).toBe(String(extra));
    expect(demo.requestLog.at(-1)!.query.n).toBe(String(REQUEST_LOG_LIMIT + extra - 1));
  });
});
