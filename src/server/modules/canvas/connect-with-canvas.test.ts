import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CANVAS_CLIENT_ID, DEMO_CANVAS_CLIENT_SECRET, type RunningDemoCanvas } from '@/server/demo-canvas';
import { startTestCanvas } from '@/server/test/canvas-fixture';
import { createInstitution } from '@/server/test/institution-fixture';
import { buildTestApp, createTestApp, queryRows, signUpAndIn, type TestApp } from '@/server/test/test-app';

let canvas: RunningDemoCanvas;
beforeAll(async () => {
  canvas = await startTestCanvas();
});
afterAll(() => canvas?.close());

const oauthEnv = () => ({
  CANVAS_OAUTH_URL: canvas.baseUrl,
  CANVAS_OAUTH_CLIENT_ID: DEMO_CANVAS_CLIENT_ID,
  CANVAS_OAUTH_CLIENT_SECRET: DEMO_CANVAS_CLIENT_SECRET,
  DEMO_CANVAS: 'false',
});
const harness = buildTestApp(() => ({ env: oauthEnv() }));

beforeEach(() => {
  canvas.state.oauth.tokenRequests.length = 0;
  canvas.state.oauth.accessTokenLifetimeSeconds = 3600;
});

type Teacher = Awaited<ReturnType<typeof signUpAndIn>>;
const post = (url: string, teacher: Teacher, payload?: object) =>
  harness.app.inject({ method: 'POST', url, headers: teacher.headers, ...(payload ? { payload } : {}) });
const get = (url: string, teacher: Teacher) => harness.app.inject({ method: 'GET', url, headers: teacher.headers });

/** The teacher's browser on Canvas's authorize page, clicking Authorize (or Cancel). */
async function clickAuthorize(authorizeUrl: string, choice: 'authorize' | 'cancel' = 'authorize') {
  const url = new URL(authorizeUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  if (choice === 'cancel') return { state: url.searchParams.get('state')!, error: 'access_denied' };
  const answer = await fetch(`${canvas.baseUrl}/login/oauth2/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: url.searchParams.toString(),
    redirect: 'manual',
  });
  const back = new URL(answer.headers.get('location')!);
  expect(back.pathname).toBe('/canvas-setup/callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function connectWithCanvas(teacher?: Teacher) {
  const who = teacher ?? (await signUpAndIn(harness.app));
  const start = await post('/api/canvas/oauth/start', who);
  expect(start.statusCode).toBe(200);
  const callback = await clickAuthorize(start.json().authorizeUrl);
  const complete = await post('/api/canvas/oauth/complete', who, callback);
  expect(complete.statusCode, complete.body).toBe(200);
  return { teacher: who, connection: complete.json(), callback };
}

const storedRow = async (userId: string) =>
  (
    await queryRows<{
      canvas_access_token: string | null;
      canvas_refresh_token: string | null;
      canvas_auth_method: string | null;
      canvas_connection_problem: string | null;
    }>(
      harness.database.db,
      sql`select canvas_access_token, canvas_refresh_token, canvas_auth_method, canvas_connection_problem from profiles where id = ${userId}`,
    )
  )[0]!;

/** Makes Margin's stored token due for renewal, as an hour passing would. */
const makeDue = (userId: string) =>
  harness.database.db.execute(
    sql`update profiles set canvas_token_refresh_at = now() - interval '1 second' where id = ${userId}`,
  );
const grantsOfTeacher = () => [...canvas.state.oauth.grants.values()];
const refreshCount = () =>
  canvas.state.oauth.tokenRequests.filter((request) => request.grantType === 'refresh_token').length;

describe('Connect with Canvas', () => {
  it("offers the flow on the teacher's setup page and sends her to Canvas with a state and the callback", async () => {
    const teacher = await signUpAndIn(harness.app);
    const options = await harness.app.inject({
      method: 'GET',
      url: '/api/canvas/connect-options',
      headers: teacher.headers,
    });
    expect(options.json().oauth).toEqual({ canvasUrl: canvas.baseUrl, source: 'installation', institutionName: null });
    const start = await post('/api/canvas/oauth/start', teacher);
    const url = new URL(start.json().authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${canvas.baseUrl}/login/oauth2/auth`);
    expect(url.searchParams.get('client_id')).toBe(DEMO_CANVAS_CLIENT_ID);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe(`${harness.config.publicUrl}/canvas-setup/callback`);
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(40);
    // The key does not enforce scopes, so none are asked for; the secret never leaves the server.
    expect(url.searchParams.has('scope')).toBe(false);
    expect(start.body).not.toContain(DEMO_CANVAS_CLIENT_SECRET);
  });

  it('connects: tokens sealed at rest, never in an answer, and the courses load', async () => {
    const { teacher, connection } = await connectWithCanvas();
    expect(connection).toEqual({
      connected: true,
      method: 'oauth',
      instanceUrl: canvas.baseUrl,
      user: { name: 'Dana Whitfield', email: null },
      problem: null,
    });
    const row = await storedRow(teacher.userId);
    expect(row.canvas_auth_method).toBe('oauth');
    expect(row.canvas_access_token!.startsWith('v1.')).toBe(true);
    expect(row.canvas_refresh_token!.startsWith('v1.')).toBe(true);
    const grant = grantsOfTeacher().at(-1)!;
    for (const secret of [grant.accessToken, grant.refreshToken]) {
      expect(row.canvas_access_token).not.toContain(secret.slice(2, 14));
      expect(row.canvas_refresh_token).not.toContain(secret.slice(2, 14));
    }
    const status = await get('/api/canvas/connection', teacher);
    expect(status.json()).toMatchObject({ connected: true, method: 'oauth', user: { name: 'Dana Whitfield' } });
    const courses = await get('/api/courses', teacher);
    expect(courses.statusCode).toBe(200);
    for (const body of [status.body, courses.body])
      for (const secret of [grant.accessToken, grant.refreshToken]) expect(body).not.toContain(secret);
    const audit = await queryRows(
      harness.database.db,
      sql`select new_values from audit_logs where user_id = ${teacher.userId} and action = 'CANVAS_CONNECTED'`,
    );
    expect(audit).toEqual([{ new_values: expect.objectContaining({ method: 'oauth' }) }]);
    expect(JSON.stringify(audit)).not.toContain(grant.accessToken);
  });

  it('checks the state once, for the sign-in that started it, and only while it is fresh', async () => {
    const { teacher, callback } = await connectWithCanvas();
    const replay = await post('/api/canvas/oauth/complete', teacher, callback);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toBe(
      'This Canvas sign-in link has expired or was already used. Choose Connect with Canvas to start again.',
    );

    // Another teacher cannot finish it, and neither can another sign-in of the same teacher.
    const starter = await signUpAndIn(harness.app);
    const stranger = await signUpAndIn(harness.app);
    const start = await post('/api/canvas/oauth/start', starter);
    const stolen = await clickAuthorize(start.json().authorizeUrl);
    expect((await post('/api/canvas/oauth/complete', stranger, stolen)).statusCode).toBe(400);
    expect((await post('/api/canvas/oauth/complete', starter, stolen)).statusCode).toBe(400);
    const otherSession = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: starter.email, password: starter.password },
    });
    const secondSignIn = {
      ...starter,
      headers: { authorization: `Bearer ${otherSession.json().session.access_token}` },
    };
    const again = await clickAuthorize((await post('/api/canvas/oauth/start', starter)).json().authorizeUrl);
    expect((await post('/api/canvas/oauth/complete', secondSignIn, again)).statusCode).toBe(400);

    const late = await clickAuthorize((await post('/api/canvas/oauth/start', starter)).json().authorizeUrl);
    await harness.database.db.execute(
      sql`update canvas_oauth_states set expires_at = now() - interval '1 second' where user_id = ${starter.userId}`,
    );
    expect((await post('/api/canvas/oauth/complete', starter, late)).statusCode).toBe(400);
    expect((await get('/api/canvas/connection', starter)).json().connected).toBe(false);
  });

  it('says plainly when the teacher chose Cancel in Canvas', async () => {
    const teacher = await signUpAndIn(harness.app);
    const start = await post('/api/canvas/oauth/start', teacher);
    const cancelled = await clickAuthorize(start.json().authorizeUrl, 'cancel');
    const answer = await post('/api/canvas/oauth/complete', teacher, cancelled);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.message).toBe(
      'You chose Cancel in Canvas, so Margin is not connected. Choose Connect with Canvas to try again.',
    );
  });

  it('renews the token before it expires, without the teacher noticing', async () => {
    const { teacher } = await connectWithCanvas();
    const before = (await storedRow(teacher.userId)).canvas_access_token;
    await makeDue(teacher.userId);
    expect((await get('/api/courses', teacher)).statusCode).toBe(200);
    expect(refreshCount()).toBe(1);
    expect((await storedRow(teacher.userId)).canvas_access_token).not.toBe(before);
    expect((await get('/api/courses', teacher)).statusCode).toBe(200);
    expect(refreshCount()).toBe(1);
  });

  it('renews once after Canvas answers 401 for an expired token, and repeats the request', async () => {
    const { teacher } = await connectWithCanvas();
    const grant = grantsOfTeacher().at(-1)!;
    canvas.state.accessTokens.get(grant.accessToken)!.expiresAt = new Date(Date.now() - 1000).toISOString();
    const courses = await get('/api/courses', teacher);
    expect(courses.statusCode).toBe(200);
    expect(refreshCount()).toBe(1);
  });

  it('renews only once when several requests meet an expired token at the same moment', async () => {
    const { teacher } = await connectWithCanvas();
    const grant = grantsOfTeacher().at(-1)!;
    canvas.state.accessTokens.get(grant.accessToken)!.expiresAt = new Date(Date.now() - 1000).toISOString();
    await makeDue(teacher.userId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/api/courses', teacher)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(refreshCount()).toBe(1);
  });

  describe('across instances', () => {
    let second: TestApp;
    beforeAll(async () => {
      second = await createTestApp({ env: oauthEnv(), database: harness.database });
    }, 180_000);
    afterAll(() => second?.close());

    it('two instances at the moment of expiry renew once, through the row lock', async () => {
      const { teacher } = await connectWithCanvas();
      const grant = grantsOfTeacher().at(-1)!;
      canvas.state.accessTokens.get(grant.accessToken)!.expiresAt = new Date(Date.now() - 1000).toISOString();
      await makeDue(teacher.userId);
      const request = { method: 'GET' as const, url: '/api/courses', headers: teacher.headers };
      const answers = await Promise.all([
        harness.app.inject(request),
        second.app.inject(request),
        harness.app.inject(request),
        second.app.inject(request),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(refreshCount()).toBe(1);
    });
  });

  it('turns a refused renewal (access removed in Canvas) into Reconnect with Canvas, with the reason', async () => {
    const { teacher } = await connectWithCanvas();
    canvas.state.oauth.revokeGrant(grantsOfTeacher().at(-1)!.id);
    const courses = await get('/api/courses', teacher);
    expect(courses.statusCode).toBe(502);
    expect(courses.json().error).toMatchObject({
      code: 'CANVAS_TOKEN_INVALID',
      message:
        'Canvas no longer lets Margin in: the access you gave Margin was removed in Canvas. Choose Reconnect with Canvas on the Connect Canvas page.',
    });
    const status = await get('/api/canvas/connection', teacher);
    expect(status.json()).toMatchObject({
      connected: true,
      method: 'oauth',
      user: null,
      problem: expect.stringContaining('Reconnect with Canvas'),
    });
    const row = await storedRow(teacher.userId);
    expect(row).toMatchObject({ canvas_access_token: null, canvas_refresh_token: null });
    // Reconnecting clears the problem.
    await connectWithCanvas(teacher);
    expect((await get('/api/canvas/connection', teacher)).json()).toMatchObject({ problem: null, user: {} });
  });

  it('names a deleted developer key as the reason', async () => {
    const { teacher } = await connectWithCanvas();
    const key = canvas.state.oauth.developerKeys.get(DEMO_CANVAS_CLIENT_ID)!;
    key.isDeleted = true;
    try {
      await makeDue(teacher.userId);
      const status = await get('/api/canvas/connection', teacher);
      expect(status.json().problem).toBe(
        "Canvas no longer accepts Margin's developer key (your Canvas administrator deleted or turned it off). Choose Reconnect with Canvas on the Connect Canvas page.",
      );
    } finally {
      key.isDeleted = false;
    }
  });

  it('disconnect deletes the token at Canvas and here', async () => {
    const { teacher } = await connectWithCanvas();
    const grant = grantsOfTeacher().at(-1)!;
    const answer = await harness.app.inject({
      method: 'DELETE',
      url: '/api/canvas/connection',
      headers: teacher.headers,
    });
    expect(answer.statusCode).toBe(204);
    expect(grant.isRevoked).toBe(true);
    expect(await storedRow(teacher.userId)).toEqual({
      canvas_access_token: null,
      canvas_refresh_token: null,
      canvas_auth_method: null,
      canvas_connection_problem: null,
    });
    expect((await get('/api/canvas/connection', teacher)).json().connected).toBe(false);
  });

  it('removing an institution’s teacher deletes her token at Canvas and here, and ends her sessions', async () => {
    const admin = await signUpAndIn(harness.app, { email: `admin-${Date.now()}@riverside.test` });
    await createInstitution(harness.app, harness.config.appSecret, admin, 'Riverside Middle School');
    const teacher = await signUpAndIn(harness.app, { email: `teacher-${Date.now()}@riverside.test` });
    const invited = await post('/api/institutions/current/invitations', admin, { email: teacher.email });
    expect(invited.statusCode).toBe(201);
    const [mail] = await queryRows<{ text_body: string }>(
      harness.database.db,
      sql`select text_body from mail_outbox where to_address = ${teacher.email}`,
    );
    const token = /\/join\?token=([\w-]+)/.exec(mail!.text_body)![1]!;
    expect((await post('/api/institutions/join', teacher, { token })).statusCode).toBe(200);
    await connectWithCanvas(teacher);
    const grant = grantsOfTeacher().at(-1)!;
    expect(grant.isRevoked).toBe(false);

    const removed = await harness.app.inject({
      method: 'DELETE',
      url: `/api/institutions/current/members/${teacher.userId}`,
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(grant.isRevoked).toBe(true);
    expect(await storedRow(teacher.userId)).toMatchObject({ canvas_access_token: null, canvas_refresh_token: null });
    expect((await get('/api/profile', teacher)).statusCode).toBe(401);
  });
});

describe('a developer key that enforces scopes', () => {
  let scoped: TestApp;
  beforeAll(async () => {
    canvas.state.oauth.addDeveloperKey({
      clientId: '555',
      clientSecret: 'scoped-secret',
      name: 'Margin',
      redirectUris: null,
      enforcesScopes: true,
    });
    scoped = await createTestApp({
      env: {
        ...oauthEnv(),
        CANVAS_OAUTH_CLIENT_ID: '555',
        CANVAS_OAUTH_CLIENT_SECRET: 'scoped-secret',
        CANVAS_OAUTH_ENFORCE_SCOPES: 'true',
      },
      database: harness.database,
    });
  }, 180_000);
  afterAll(() => scoped?.close());

  it('asks for the scopes Margin uses, and the courses and a course load within them', async () => {
    const teacher = await signUpAndIn(scoped.app);
    const start = await scoped.app.inject({ method: 'POST', url: '/api/canvas/oauth/start', headers: teacher.headers });
    const scope = new URL(start.json().authorizeUrl).searchParams.get('scope')!;
    expect(scope.split(' ')).toContain(
      'url:PUT|/api/v1/courses/:course_id/assignments/:assignment_id/submissions/:user_id',
    );
    const callback = await clickAuthorize(start.json().authorizeUrl);
    const complete = await scoped.app.inject({
      method: 'POST',
      url: '/api/canvas/oauth/complete',
      headers: teacher.headers,
      payload: callback,
    });
    expect(complete.statusCode).toBe(200);
    for (const url of [
      '/api/courses',
      '/api/courses/4201',
      '/api/needs-grading',
      // The grading screen (late policy, rubric outcomes, submissions) and the course's analytics
      // (groups, enrollments, every student's submissions) reach Canvas only within the scopes.
      '/api/grading/courses/4201/assignments/5002',
      '/api/insights/courses/4201/analytics',
      '/api/insights/courses/4201/students',
    ]) {
      const answer = await scoped.app.inject({ method: 'GET', url, headers: teacher.headers });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});
