import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCanvasClient,
  createCanvasNetwork,
  type CanvasClient,
  type CanvasNetwork,
} from '@/server/adapters/canvas';
import { AppError } from '@/server/core/app-error';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';

/**
 * Security review H2 and L8: the Canvas URL guard must hold on every hop, not only for the saved
 * address. A hostile "Canvas" answers with redirects to an internal service, to the cloud metadata
 * address, to IPv6 spellings of loopback, to a name that resolves to loopback, and to a name whose
 * DNS answer changes between the check and the connection (rebinding). Each must be refused before
 * any byte reaches the target; the internal service counts every connection it gets.
 *
 * The servers are real, on loopback. The client runs with the production rule (no private hosts);
 * the hostile Canvas's own origin is allowed the way the built-in demo Canvas is, so that the first
 * hop connects and only the redirect targets meet the guard.
 */

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type LocalServer = { server: Server; base: string; port: number; connections: number; requests: IncomingMessage[] };

async function startServer(handler: Handler): Promise<LocalServer> {
  const local = { connections: 0, requests: [] as IncomingMessage[] } as LocalServer;
  local.server = createServer((request, response) => {
    local.requests.push(request);
    handler(request, response);
  });
  local.server.on('connection', () => {
    local.connections += 1;
  });
  await new Promise<void>((resolve) => local.server.listen(0, '127.0.0.1', resolve));
  const address = local.server.address();
  local.port = typeof address === 'object' && address ? address.port : 0;
  local.base = `http://127.0.0.1:${local.port}`;
  return local;
}

const TOKEN = '7~hostile-canvas-test-token';
let redirectTarget = '';
let redirectStatus = 302;
let internal: LocalServer;
let fileStore: LocalServer;
let canvas: LocalServer;
let network: CanvasNetwork;
let client: CanvasClient;
const lookups: Record<string, string[][]> = {};

/** DNS for the test's names: each call takes the next answer (the last one repeats). */
function resolveHost(hostname: string): Promise<string[]> {
  const answers = lookups[hostname];
  if (!answers || answers.length === 0)
    return Promise.reject(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  return Promise.resolve(answers.length > 1 ? answers.shift()! : answers[0]!);
}

beforeAll(async () => {
  internal = await startServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 1, name: 'INTERNAL-SERVICE-REACHED' }));
  });
  fileStore = await startServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('essay text');
  });
  canvas = await startServer((request, response) => {
    const path = request.url ?? '/';
    if (path.startsWith('/api/v1/users/self/profile')) {
      // A same-origin redirect, as a Canvas behind a moved path may send.
      response.writeHead(301, { location: '/api/v1/users/self/moved' });
      response.end();
    } else if (path.startsWith('/api/v1/users/self/moved')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 7, name: 'Moved Teacher' }));
    } else if (path.startsWith('/api/v1/courses/1/assignments')) {
      // An endless chain of redirects back to itself.
      response.writeHead(302, { location: `/api/v1/courses/1/assignments?hop=${Math.random()}` });
      response.end();
    } else if (path.startsWith('/files/')) {
      // Canvas sends file downloads to its file store.
      response.writeHead(302, { location: `${fileStore.base}/blob/essay.txt?signature=abc` });
      response.end();
    } else {
      response.writeHead(redirectStatus, { location: redirectTarget });
      response.end();
    }
  });
  network = createCanvasNetwork({
    allowPrivateHosts: false,
    allowedOrigins: [canvas.base, fileStore.base],
    resolveHost,
  });
  client = createCanvasClient({ baseUrl: canvas.base, token: TOKEN, network, maxRetries: 0, timeoutMs: 5_000 });
});

afterAll(async () => {
  await network?.close();
  await Promise.all(
    [internal, fileStore, canvas].map((local) => local && new Promise((resolve) => local.server.close(resolve))),
  );
});

async function refusal(call: Promise<unknown>): Promise<AppError> {
  const error = await call.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describe('redirects from Canvas meet the URL guard on every hop', () => {
  const forbidden: Array<[string, () => string]> = [
    ['an internal service over http', () => `${internal.base}/admin`],
    ['an internal service by IP over https', () => `https://127.0.0.1:${internal.port}/admin`],
    ['the cloud metadata address', () => 'https://169.254.169.254/latest/meta-data/'],
    ['IPv4-translated IPv6 loopback (the report’s bypass)', () => `https://[::ffff:0:7f00:1]:${internal.port}/`],
    ['IPv4-mapped IPv6 loopback', () => `https://[::ffff:127.0.0.1]:${internal.port}/`],
    ['IPv6 loopback written out in full', () => `https://[0:0:0:0:0:0:0:1]:${internal.port}/`],
    ['IPv6 loopback, short', () => `https://[::1]:${internal.port}/`],
    ['NAT64 loopback', () => `https://[64:ff9b::7f00:1]:${internal.port}/`],
    ['unique-local IPv6 (AWS metadata)', () => 'https://[fd00:ec2::254]/latest/meta-data/'],
    ['link-local IPv6', () => `https://[fe80::1]:${internal.port}/`],
    ['a name that resolves to loopback', () => `https://internal.example:${internal.port}/`],
    ['a decimal IPv4 spelling of loopback', () => `https://2130706433:${internal.port}/`],
  ];

  // An API call is never followed to another host; a file download is, and meets the guard there.
  it.each(forbidden)('refuses a 302 to %s before connecting', async (_label, target) => {
    lookups['internal.example'] = [['127.0.0.1']];
    redirectTarget = target();
    redirectStatus = 302;
    const before = internal.connections;
    const error = await refusal(client.getSelf());
    expect(error).toMatchObject({ code: 'CANVAS_URL_REFUSED', details: { reason: 'redirect_to_other_host' } });
    const download = await refusal(client.downloadAttachment(`${canvas.base}/attachments/12/download`));
    expect(download.code).toBe('CANVAS_URL_REFUSED');
    expect(JSON.stringify([error, download])).not.toContain('INTERNAL-SERVICE-REACHED');
    expect(internal.connections).toBe(before);
  });

  it.each([301, 303, 307, 308])('refuses a %i to an internal service too', async (status) => {
    redirectTarget = `${internal.base}/admin`;
    redirectStatus = status;
    const before = internal.connections;
    expect((await refusal(client.getSelf())).code).toBe('CANVAS_URL_REFUSED');
    expect(internal.connections).toBe(before);
  });

  it('refuses a name whose DNS answer turns private after the check (rebinding), at connect time', async () => {
    // The guard's look-up sees a public address; the connection's own look-up then gets loopback.
    lookups['rebind.example'] = [['93.184.216.34'], ['127.0.0.1']];
    redirectTarget = `https://rebind.example:${internal.port}/`;
    redirectStatus = 302;
    const before = internal.connections;
    const error = await refusal(client.downloadAttachment(`${canvas.base}/attachments/12/download`));
    expect(error).toMatchObject({ code: 'CANVAS_URL_REFUSED', details: { reason: 'private_address' } });
    expect(internal.connections).toBe(before);
  });

  it('caps the number of hops', async () => {
    const before = canvas.requests.length;
    const error = await refusal(client.listAssignments(1));
    expect(error).toMatchObject({ code: 'CANVAS_URL_REFUSED', details: { reason: 'too_many_redirects' } });
    expect(canvas.requests.length - before).toBe(6);
  });

  it('never follows a redirect of a change (PUT)', async () => {
    redirectTarget = `${canvas.base}/api/v1/elsewhere`;
    redirectStatus = 307;
    const before = canvas.requests.length;
    const error = await refusal(client.gradeSubmission(1, 2, 3, { postedGrade: 5 }));
    expect(error).toMatchObject({ code: 'CANVAS_URL_REFUSED', details: { reason: 'redirect' } });
    expect(canvas.requests.length - before).toBe(1);
  });

  it('follows a same-origin redirect with the token, and a file-store redirect without it', async () => {
    await expect(client.getProfile()).resolves.toMatchObject({ id: 7, name: 'Moved Teacher' });
    const moved = canvas.requests.at(-1);
    expect(moved?.url).toBe('/api/v1/users/self/moved');
    expect(moved?.headers.authorization).toBe(`Bearer ${TOKEN}`);

    const file = await client.downloadAttachment(`${canvas.base}/files/12/download`);
    expect(new TextDecoder().decode(file.bytes)).toBe('essay text');
    expect(fileStore.requests.at(-1)?.headers.authorization).toBeUndefined();
  });
});

describe('the production rule through the app', () => {
  // The app listens on its own PORT, so that an address pointing back at it is a real one.
  const port = Number(process.env.E2E_PORT ?? 3120) + 7;
  const harness = buildTestApp({ env: { CANVAS_ALLOW_PRIVATE_HOSTS: 'false', PORT: String(port) } });
  beforeAll(() => harness.app.listen({ port, host: '127.0.0.1' }));

  it('lets a teacher use the built-in demo Canvas, but not point "Canvas" at Margin itself', async () => {
    const teacher = await signUpAndIn(harness.app);
    const demo = (await harness.app.inject({ url: '/api/config' })).json<{
      demoCanvas: { url: string; token: string };
    }>().demoCanvas;
    const connect = await harness.app.inject({
      method: 'PUT',
      url: '/api/canvas/connection',
      headers: teacher.headers,
      payload: { canvasUrl: demo.url, canvasToken: demo.token },
    });
    expect(connect.statusCode).toBe(200);
    expect((await harness.app.inject({ url: '/api/courses', headers: teacher.headers })).statusCode).toBe(200);

    for (const canvasUrl of [
      `http://127.0.0.1:${port}/api`,
      `http://127.0.0.1:${port}/demo-canvas-elsewhere`,
      `http://localhost:${port}/api`,
    ]) {
      const probe = await harness.app.inject({
        method: 'POST',
        url: '/api/canvas/connection/test',
        headers: teacher.headers,
        payload: { canvasUrl, canvasToken: '1~probe' },
      });
      expect(probe.statusCode, canvasUrl).toBe(400);
      expect(probe.json()).toMatchObject({ error: { code: 'CANVAS_URL_REFUSED' } });
    }
  });
});
