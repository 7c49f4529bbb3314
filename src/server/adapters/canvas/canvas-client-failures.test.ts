import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_CANVAS_EXPIRED_TOKEN,
  DEMO_CANVAS_REVOKED_TOKEN,
  DEMO_CANVAS_TA_TOKEN,
  RATE_LIMIT_EXCEEDED_BODY,
  startDemoCanvas,
  type RunningDemoCanvas,
} from '@/server/demo-canvas';
import { AppError } from '@/server/core/app-error';
import { createCanvasClient, type CanvasClientOptions } from './canvas-client';
import { createCanvasNetwork } from './canvas-network';

let demo: RunningDemoCanvas;
const network = createCanvasNetwork({ allowPrivateHosts: true });
const thrown: Array<{ error: AppError; token: string }> = [];

beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterEach(() => demo.faults.reset());
afterAll(() => Promise.all([demo.close(), network.close()]));

const client = (options: Partial<CanvasClientOptions> = {}) =>
  createCanvasClient({
    baseUrl: demo.baseUrl,
    token: demo.token,
    network,
    retryBaseDelayMs: 1,
    retryMaxDelayMs: 5,
    rateLimitMaxPauseMs: 10,
    ...options,
  });

/** Runs a call that must fail and returns its AppError (kept to check that no message holds a token). */
async function failure(call: Promise<unknown>, token = demo.token): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  thrown.push({ error, token });
  return error;
}

/**
 * A request the client gave up on (timeout) is still asleep in the demo server's latency; when it
 * wakes it would consume faults injected by the next test. Let it finish first.
 */
function drainAbandonedRequests() {
  return new Promise((resolve) => setTimeout(resolve, 1_200));
}

describe('Canvas client error mapping', () => {
  it('maps an invalid, expired or revoked token to CANVAS_TOKEN_INVALID with a way out', async () => {
    const invalid = await failure(client({ token: '1~typo' }).getSelf(), '1~typo');
    expect(invalid).toMatchObject({ code: 'CANVAS_TOKEN_INVALID', details: { canvasStatus: 401, reason: 'invalid' } });
    expect(invalid.message).toMatch(/Reconnect Canvas in Settings/);
    const expired = await failure(
      client({ token: DEMO_CANVAS_EXPIRED_TOKEN }).listCourses(),
      DEMO_CANVAS_EXPIRED_TOKEN,
    );
    expect(expired).toMatchObject({ code: 'CANVAS_TOKEN_INVALID', details: { reason: 'expired' } });
    expect(expired.message).toMatch(/expired/);
    const revoked = await failure(
      client({ token: DEMO_CANVAS_REVOKED_TOKEN }).listCourses(),
      DEMO_CANVAS_REVOKED_TOKEN,
    );
    expect(revoked.details).toMatchObject({ reason: 'revoked' });
  });

  it('maps 403 {"status":"unauthorized"} and the older 401 "user not authorized" to CANVAS_PERMISSION', async () => {
    const forbidden = await failure(
      client({ token: DEMO_CANVAS_TA_TOKEN }).listSubmissions(4201, 5001),
      DEMO_CANVAS_TA_TOKEN,
    );
    expect(forbidden).toMatchObject({ code: 'CANVAS_PERMISSION', details: { canvasStatus: 403 } });
    expect(forbidden.message).toMatch(/permission/);
    const grade = await failure(
      client({ token: DEMO_CANVAS_TA_TOKEN }).gradeSubmission(4201, 5001, 2001, { postedGrade: 3 }),
      DEMO_CANVAS_TA_TOKEN,
    );
    expect(grade.message).toMatch(/allows grading/);

    demo.faults.failNext(1, 401, {
      status: 'unauthorized',
      errors: [{ message: 'user not authorized to perform that action' }],
    });
    const legacy = await failure(client().getCourse(4201));
    expect(legacy).toMatchObject({ code: 'CANVAS_PERMISSION', details: { canvasStatus: 401 } });
  });

  it('maps 404 to CANVAS_NOT_FOUND, naming what was missing', async () => {
    const missing = await failure(client().getAssignment(4201, 424242));
    expect(missing).toMatchObject({ code: 'CANVAS_NOT_FOUND', details: { canvasStatus: 404 } });
    expect(missing.message).toMatch(/could not find this assignment/);
  });

  it("maps 400 and 422 to CANVAS_UNPROCESSABLE with Canvas's reason", async () => {
    const rubric = await failure(
      client().gradeSubmission(4201, 5002, 2001, { rubricAssessment: { nonsense: { points: 1 } } }),
    );
    expect(rubric).toMatchObject({
      code: 'CANVAS_UNPROCESSABLE',
      details: { canvasStatus: 400, canvasMessage: 'invalid rubric_assessment' },
    });
    demo.faults.failNext(1, 422, { errors: [{ message: `grade refused for ${demo.token}` }] });
    const echoed = await failure(client().gradeSubmission(4201, 5002, 2001, { postedGrade: 1 }));
    expect(echoed).toMatchObject({ code: 'CANVAS_UNPROCESSABLE', details: { canvasStatus: 422 } });
    expect(echoed.message).toContain('grade refused for [token]');
  });
});

describe('Canvas client retries', () => {
  it('retries injected 500s on a read and succeeds', async () => {
    demo.faults.failNext(2, 500);
    await expect(client().getSelf()).resolves.toMatchObject({ id: 1001 });
    expect(demo.requestLog).toHaveLength(3);
  });

  it('gives up after maxRetries with CANVAS_UNAVAILABLE', async () => {
    demo.faults.failNext(5, 502);
    const error = await failure(client({ maxRetries: 3 }).getSelf());
    expect(error).toMatchObject({ code: 'CANVAS_UNAVAILABLE', details: { canvasStatus: 502 } });
    expect(demo.requestLog).toHaveLength(4);
  });

  it('never repeats a grade save that may have been applied (5xx, lost connection, timeout)', async () => {
    demo.faults.failNext(1, 500);
    expect(
      await failure(client().gradeSubmission(4201, 5002, 2001, { postedGrade: 50, comment: 'once' })),
    ).toMatchObject({ code: 'CANVAS_UNAVAILABLE' });
    demo.faults.dropNext(1);
    expect(
      await failure(client().gradeSubmission(4201, 5002, 2001, { postedGrade: 50, comment: 'once' })),
    ).toMatchObject({
      code: 'CANVAS_UNAVAILABLE',
      details: { reason: 'network' },
    });
    demo.faults.latencyMs = 1_000;
    expect(
      await failure(client({ timeoutMs: 400 }).gradeSubmission(4201, 5002, 2001, { postedGrade: 50 })),
    ).toMatchObject({ details: { reason: 'timeout' } });
    expect(demo.requestLog.filter((entry) => entry.method === 'PUT')).toHaveLength(3);
    await drainAbandonedRequests();
  });

  it('retries reads after a timeout or a dropped connection', async () => {
    demo.faults.dropNext(1);
    await expect(client().getSelf()).resolves.toMatchObject({ id: 1001 });
    demo.faults.latencyMs = 1_000;
    const slow = await failure(client({ timeoutMs: 400, maxRetries: 1 }).getSelf());
    expect(slow).toMatchObject({ code: 'CANVAS_UNAVAILABLE', details: { reason: 'timeout' } });
    expect(demo.requestLog).toHaveLength(4);
    await drainAbandonedRequests();
  });

  it('retries the throttled 403, for saves too, since Canvas refused them before doing anything', async () => {
    demo.faults.failNext(2, 403, RATE_LIMIT_EXCEEDED_BODY);
    await expect(client().listCourses()).resolves.toHaveLength(5);
    demo.faults.failNext(1, 403, RATE_LIMIT_EXCEEDED_BODY);
    await expect(client().gradeSubmission(4201, 5003, 2001, { postedGrade: 40 })).resolves.toMatchObject({ score: 40 });
    expect(demo.requestLog).toHaveLength(5);
  });

  it('maps throttling that outlasts the retries to CANVAS_THROTTLED', async () => {
    demo.faults.throttle = { highWaterMark: 0 };
    const error = await failure(client({ maxRetries: 2 }).getSelf());
    expect(error).toMatchObject({ code: 'CANVAS_THROTTLED', details: { canvasStatus: 403 } });
    expect(demo.requestLog).toHaveLength(3);
  });

  it("rides out Canvas's bucket when parallel requests overflow it", async () => {
    demo.faults.throttle = { highWaterMark: 160, upFrontCost: 50 };
    // Long enough that the six requests are all in Canvas at once, even on a busy machine.
    demo.faults.latencyMs = 100;
    const canvas = client({ concurrency: 6, maxRetries: 6, retryBaseDelayMs: 20, retryMaxDelayMs: 200 });
    const courses = await Promise.all([4201, 4202, 4203, 4204, 4205, 4201].map((id) => canvas.getCourse(id)));
    expect(courses.map((c) => c.id)).toEqual([4201, 4202, 4203, 4204, 4205, 4201]);
    expect(demo.requestLog.length).toBeGreaterThan(6);
  });

  it('slows down while X-Rate-Limit-Remaining is low', async () => {
    const canvas = client({ rateLimitLowWatermark: 10_000, rateLimitMaxPauseMs: 60 });
    await canvas.getSelf();
    const started = performance.now();
    await canvas.getSelf();
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe('Canvas client against something that is not Canvas', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url?.startsWith('/api/v1/courses')) {
        response.writeHead(200, {
          'content-type': 'application/json',
          link: '<https://elsewhere.example.com/api/v1/courses?page=2>; rel="next"',
        });
        response.end('[]');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Welcome to our school website</body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('says the address does not answer like Canvas', async () => {
    const error = await failure(client({ baseUrl: origin }).getSelf());
    expect(error).toMatchObject({ code: 'CANVAS_UNAVAILABLE', details: { reason: 'unexpected_response' } });
  });

  it('refuses to follow a next page to another host with the token', async () => {
    const error = await failure(client({ baseUrl: origin }).listCourses());
    expect(error.code).toBe('CANVAS_URL_REFUSED');
  });

  it('maps a refused connection to CANVAS_UNAVAILABLE, retrying even a save', async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return fetch(input, init);
    };
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const address = closed.address();
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const error = await failure(
      client({ baseUrl, fetch: counting, maxRetries: 2 }).gradeSubmission(1, 2, 3, { postedGrade: 1 }),
    );
    expect(error).toMatchObject({ code: 'CANVAS_UNAVAILABLE', details: { reason: 'network' } });
    expect(error.message).toContain('127.0.0.1');
    expect(calls).toBe(3);
  });
});

describe('Canvas client against answers of a hostile shape', () => {
  const tenMegabytes = 10 * 1024 * 1024 - 1024;
  const deep = `${'['.repeat(tenMegabytes / 2)}${']'.repeat(tenMegabytes / 2)}`;
  const unit = `${'['.repeat(60)}${']'.repeat(60)},`;
  const wide = `[${unit.repeat(Math.floor(tenMegabytes / unit.length))}[]]`;
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(request.url?.startsWith('/api/v1/courses') ? wide : deep);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The longest the event loop went without running a 5 ms timer while `work` ran. */
  async function worstStall(work: () => Promise<unknown>): Promise<number> {
    let last = performance.now();
    let worst = 0;
    const probe = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 5);
    try {
      await work();
    } finally {
      clearInterval(probe);
    }
    return Math.max(worst, performance.now() - last);
  }

  it('refuses 10 MB of nested brackets before parsing, with a message for the teacher', async () => {
    let error: AppError | undefined;
    const stall = await worstStall(async () => {
      error = await failure(client({ baseUrl: origin }).getSelf());
    });
    expect(error).toMatchObject({ code: 'CANVAS_UNPROCESSABLE', details: { reason: 'too_deep' } });
    expect(error?.message).toMatch(/nested more than 64 levels deep/);
    // A generous bound: parsing this answer held the event loop about 2 s; the bench reports the figure.
    expect(stall).toBeLessThan(1_000);
  });

  it('refuses an answer of too many shallow arrays as well', async () => {
    let error: AppError | undefined;
    const stall = await worstStall(async () => {
      error = await failure(client({ baseUrl: origin }).listCourses());
    });
    expect(error).toMatchObject({ code: 'CANVAS_UNPROCESSABLE', details: { reason: 'too_many' } });
    expect(error?.message).toMatch(/Canvas sent/);
    expect(stall).toBeLessThan(1_000);
  });
});

describe('Canvas client secrecy', () => {
  it('never puts the token in an error message or its details', () => {
    expect(thrown.length).toBeGreaterThan(15);
    for (const { error, token } of thrown) {
      const visible = JSON.stringify({
        message: error.message,
        userMessage: error.userMessage,
        details: error.details,
        code: error.code,
      });
      expect(visible).not.toContain(token);
      expect(String(error.cause ?? '')).not.toContain(token);
    }
  });
});
