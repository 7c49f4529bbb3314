import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvasClient, createCanvasNetwork, type CanvasNetwork } from '@/server/adapters/canvas';
import { DEFAULT_CANVAS_DEADLINE_MS } from '@/server/adapters/canvas/canvas-client';
import { AppError } from '@/server/core/app-error';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';

/**
 * Security review M7 and M8: a Canvas that never answers, answers slowly page after page, or sends
 * an endless answer. The teacher hears within one deadline per call (30 s), not after 4 attempts of
 * 20 s plus back-off (83 s in the review); an answer past the size limit is refused while it is
 * still arriving, and never fetched again.
 */

type Behaviour = (request: IncomingMessage, response: ServerResponse) => void;

let behaviour: Behaviour;
let server: Server;
let base: string;
const requests: string[] = [];
let bytesSent = 0;
let network: CanvasNetwork;

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    behaviour(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  network = createCanvasNetwork({ allowPrivateHosts: true });
});

afterAll(async () => {
  await network?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const self = (_request: IncomingMessage, response: ServerResponse) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ id: 1, name: 'Slow Canvas Teacher' }));
};
const never: Behaviour = () => {
  // The connection stays open and nothing is ever sent.
};

async function failureOf(call: Promise<unknown>): Promise<{ error: AppError; seconds: number }> {
  const started = performance.now();
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { error, seconds: (performance.now() - started) / 1000 };
}

/** An endless JSON list, sent in 64 KB pieces for as long as the reader keeps reading. */
function endlessList(_request: IncomingMessage, response: ServerResponse) {
  response.writeHead(200, { 'content-type': 'application/json' });
  const piece = `${JSON.stringify({ id: 1, name: 'x'.repeat(64 * 1024) })},`;
  response.write('[');
  const pump = () => {
    while (!response.destroyed && bytesSent < 200 * 1024 * 1024) {
      bytesSent += piece.length;
      if (!response.write(piece)) return void response.once('drain', pump);
    }
  };
  pump();
}

describe('a hanging Canvas', () => {
  const harness = buildTestApp();

  it(`answers the teacher with a clear error within the ${DEFAULT_CANVAS_DEADLINE_MS / 1000} s deadline, not after four timeouts`, async () => {
    behaviour = self;
    const teacher = await signUpAndIn(harness.app);
    const connect = await harness.app.inject({
      method: 'PUT',
      url: '/api/canvas/connection',
      headers: teacher.headers,
      payload: { canvasUrl: base, canvasToken: '1~slow-canvas-token' },
    });
    expect(connect.statusCode).toBe(200);

    behaviour = never;
    requests.length = 0;
    const started = performance.now();
    const response = await harness.app.inject({ method: 'GET', url: '/api/courses', headers: teacher.headers });
    const seconds = (performance.now() - started) / 1000;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      error: {
        code: 'CANVAS_UNAVAILABLE',
        message: 'Canvas took too long to answer. Please try again in a few minutes.',
      },
    });
    expect(seconds).toBeLessThan(DEFAULT_CANVAS_DEADLINE_MS / 1000 + 5);
    // 15 s per attempt within 30 s: two attempts, not four.
    expect(requests.length).toBeLessThanOrEqual(2);
  }, 45_000);
});

describe('one deadline per call', () => {
  it('covers every page of a list, not each page on its own', async () => {
    // Each page takes 300 ms and links to the next, for ever.
    let page = 0;
    behaviour = (_request, response) => {
      page += 1;
      setTimeout(() => {
        response.writeHead(200, {
          'content-type': 'application/json',
          link: `<${base}/api/v1/courses?page=${page + 1}>; rel="next"`,
        });
        response.end(JSON.stringify([{ id: page, name: `Course ${page}` }]));
      }, 300);
    };
    const client = createCanvasClient({ baseUrl: base, token: '1~t', network, timeoutMs: 1_000, deadlineMs: 2_000 });
    const { error, seconds } = await failureOf(client.listCourses());
    expect(error).toMatchObject({ code: 'CANVAS_UNAVAILABLE', details: { reason: 'timeout' } });
    expect(seconds).toBeLessThan(3);
    expect(page).toBeLessThan(10);
  });

  it('stops retrying when the deadline leaves no time for another attempt', async () => {
    behaviour = never;
    requests.length = 0;
    const client = createCanvasClient({
      baseUrl: base,
      token: '1~t',
      network,
      timeoutMs: 800,
      deadlineMs: 1_200,
      maxRetries: 3,
      retryBaseDelayMs: 300,
    });
    const { error, seconds } = await failureOf(client.getSelf());
    expect(error).toMatchObject({ code: 'CANVAS_UNAVAILABLE', details: { reason: 'timeout' } });
    expect(seconds).toBeLessThan(2);
    expect(requests.length).toBeLessThanOrEqual(2);
  });
});

describe('the size of an answer', () => {
  it('refuses an endless answer while it arrives, and does not fetch it again', async () => {
    behaviour = endlessList;
    bytesSent = 0;
    requests.length = 0;
    const client = createCanvasClient({ baseUrl: base, token: '1~t', network, maxResponseBytes: 2 * 1024 * 1024 });
    const { error } = await failureOf(client.listCourses());
    expect(error).toMatchObject({ code: 'CANVAS_UNPROCESSABLE', details: { reason: 'too_large' } });
    expect(error.message).toContain('your courses');
    expect(requests).toHaveLength(1);
    // Reading stopped at the limit: what Canvas managed to send is the limit plus what the
    // sockets buffered, far from the 200 MB it would have sent.
    expect(bytesSent).toBeLessThan(30 * 1024 * 1024);
  });

  it('refuses a declared Content-Length past the limit without reading it', async () => {
    requests.length = 0;
    behaviour = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': String(50 * 1024 * 1024) });
      response.write('[');
    };
    const client = createCanvasClient({ baseUrl: base, token: '1~t', network, maxResponseBytes: 1024 * 1024 });
    const { error } = await failureOf(client.getCourse(1));
    expect(error).toMatchObject({ code: 'CANVAS_UNPROCESSABLE', details: { reason: 'too_large' } });
    expect(requests).toHaveLength(1);
  });

  it('bounds a list across its pages', async () => {
    let page = 0;
    behaviour = (_request, response) => {
      page += 1;
      response.writeHead(200, {
        'content-type': 'application/json',
        link: `<${base}/api/v1/courses?page=${page + 1}>; rel="next"`,
      });
      response.end(JSON.stringify([{ id: page, name: 'y'.repeat(400 * 1024) }]));
    };
    const client = createCanvasClient({
      baseUrl: base,
      token: '1~t',
      network,
      maxResponseBytes: 1024 * 1024,
      maxListBytes: 2 * 1024 * 1024,
    });
    const { error } = await failureOf(client.listCourses());
    expect(error).toMatchObject({ code: 'CANVAS_UNPROCESSABLE', details: { reason: 'too_large' } });
    expect(page).toBeLessThanOrEqual(6);
  });
});
