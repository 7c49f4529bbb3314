import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CANVAS_CLIENT_ID, DEMO_CANVAS_CLIENT_SECRET, type RunningDemoCanvas } from '@/server/demo-canvas';
import { MARGIN_CANVAS_SCOPES } from '@/shared/canvas-scopes';
import { startTestCanvas } from '@/server/test/canvas-fixture';
import { createInstitution } from '@/server/test/institution-fixture';
import { buildTestApp, createTestApp, queryRows, signUpAndIn, type TestApp } from '@/server/test/test-app';

/**
 * Connect with Canvas with the developer key of the teacher's institution (decision 056): the
 * installation's key belongs to one demo Canvas, the school's to another, so every request shows
 * which key and which Canvas it used.
 */
let installationCanvas: RunningDemoCanvas;
let schoolCanvas: RunningDemoCanvas;
const SCHOOL_KEY = { clientId: '170000000000042', clientSecret: 'riverside-developer-key-secret' };
/** A second key of the school's Canvas, with Enforce Scopes on. */
const SCOPED_SCHOOL_KEY = { clientId: '170000000000043', clientSecret: 'riverside-scoped-key-secret' };

beforeAll(async () => {
  [installationCanvas, schoolCanvas] = await Promise.all([startTestCanvas(), startTestCanvas()]);
  schoolCanvas.state.oauth.addDeveloperKey({
    ...SCHOOL_KEY,
    name: 'Margin for Riverside',
    redirectUris: null,
    enforcesScopes: false,
  });
  schoolCanvas.state.oauth.addDeveloperKey({
    ...SCOPED_SCHOOL_KEY,
    name: 'Margin for Riverside (scoped)',
    redirectUris: null,
    enforcesScopes: true,
  });
});
afterAll(async () => {
  await Promise.all([installationCanvas?.close(), schoolCanvas?.close()]);
});

const harness = buildTestApp(() => ({
  env: {
    CANVAS_OAUTH_URL: installationCanvas.baseUrl,
    CANVAS_OAUTH_CLIENT_ID: DEMO_CANVAS_CLIENT_ID,
    CANVAS_OAUTH_CLIENT_SECRET: DEMO_CANVAS_CLIENT_SECRET,
    DEMO_CANVAS: 'false',
  },
}));

beforeEach(() => {
  for (const canvas of [installationCanvas, schoolCanvas]) canvas.state.oauth.tokenRequests.length = 0;
});

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
type App = TestApp['app'];
const call = (app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Person, payload?: object) =>
  app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

/** The teacher's browser on the authorize page of whichever Canvas the link names, clicking Authorize. */
async function clickAuthorize(authorizeUrl: string) {
  const url = new URL(authorizeUrl);
  expect((await fetch(url)).status).toBe(200);
  const answer = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: url.searchParams.toString(),
    redirect: 'manual',
  });
  const back = new URL(answer.headers.get('location')!);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function connectWithCanvas(who: Person, app: App = harness.app) {
  const start = await call(app, 'POST', '/api/canvas/oauth/start', who);
  expect(start.statusCode, start.body).toBe(200);
  const authorizeUrl = new URL(start.json().authorizeUrl);
  const complete = await call(
    app,
    'POST',
    '/api/canvas/oauth/complete',
    who,
    await clickAuthorize(start.json().authorizeUrl),
  );
  expect(complete.statusCode, complete.body).toBe(200);
  return { authorizeUrl, connection: complete.json() };
}

/** An institution whose admin set its Canvas URL and developer key, and a teacher who joined it. */
async function schoolWithKey(name: string) {
  const admin = await signUpAndIn(harness.app, { email: `admin-${Date.now()}@riverside.test` });
  const { id } = await createInstitution(harness.app, harness.config.appSecret, admin, name);
  const saved = await call(harness.app, 'PUT', '/api/institutions/current/settings', admin, {
    canvasUrl: schoolCanvas.baseUrl,
    canvasClientId: SCHOOL_KEY.clientId,
    canvasClientSecret: SCHOOL_KEY.clientSecret,
    allowPersonalTokens: false,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const teacher = await signUpAndIn(harness.app, { email: `teacher-${Date.now()}@riverside.test` });
  expect(
    (await call(harness.app, 'POST', '/api/institutions/current/invitations', admin, { email: teacher.email }))
      .statusCode,
  ).toBe(201);
  const [mail] = await queryRows<{ text_body: string }>(
    harness.database.db,
    sql`select text_body from mail_outbox where to_address = ${teacher.email}`,
  );
  const token = /\/join\?token=([\w-]+)/.exec(mail!.text_body)![1]!;
  expect((await call(harness.app, 'POST', '/api/institutions/join', teacher, { token })).statusCode).toBe(200);
  return { institutionId: id, admin, teacher };
}

const keySource = async (userId: string) =>
  (
    await queryRows<{ canvas_oauth_institution_id: string | null }>(
      harness.database.db,
      sql`select canvas_oauth_institution_id from profiles where id = ${userId}`,
    )
  )[0]!.canvas_oauth_institution_id;
const makeDue = (userId: string) =>
  harness.database.db.execute(
    sql`update profiles set canvas_token_refresh_at = now() - interval '1 second' where id = ${userId}`,
  );
const lastGrant = (canvas: RunningDemoCanvas) => [...canvas.state.oauth.grants.values()].at(-1)!;
const refreshes = (canvas: RunningDemoCanvas) =>
  canvas.state.oauth.tokenRequests.filter((request) => request.grantType === 'refresh_token');

describe("Connect with Canvas with the institution's developer key", () => {
  it("offers a school's teacher her school's Canvas and key, and anyone else the installation's, never a secret", async () => {
    const { teacher } = await schoolWithKey('Riverside Middle School');
    const options = await call(harness.app, 'GET', '/api/canvas/connect-options', teacher);
    expect(options.statusCode).toBe(200);
    expect(options.json()).toEqual({
      oauth: { canvasUrl: schoolCanvas.baseUrl, source: 'institution', institutionName: 'Riverside Middle School' },
      personalTokensAllowed: false,
    });
    const outsider = await signUpAndIn(harness.app);
    expect((await call(harness.app, 'GET', '/api/canvas/connect-options', outsider)).json()).toEqual({
      oauth: { canvasUrl: installationCanvas.baseUrl, source: 'installation', institutionName: null },
      personalTokensAllowed: true,
    });
    const start = await call(harness.app, 'POST', '/api/canvas/oauth/start', teacher);
    for (const body of [options.body, start.body]) {
      expect(body).not.toContain(SCHOOL_KEY.clientSecret);
      expect(body).not.toContain(DEMO_CANVAS_CLIENT_SECRET);
    }
  });

  it("connects, renews and disconnects with the school's key at the school's Canvas", async () => {
    const { institutionId, teacher } = await schoolWithKey('Riverside High School');
    const { authorizeUrl, connection } = await connectWithCanvas(teacher);
    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${schoolCanvas.baseUrl}/login/oauth2/auth`);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(SCHOOL_KEY.clientId);
    expect(connection).toMatchObject({ connected: true, method: 'oauth', instanceUrl: schoolCanvas.baseUrl });
    // The code was exchanged with the school's key, at the school's Canvas.
    const grant = lastGrant(schoolCanvas);
    expect(grant.clientId).toBe(SCHOOL_KEY.clientId);
    expect(installationCanvas.state.oauth.tokenRequests).toEqual([]);
    expect(await keySource(teacher.userId)).toBe(institutionId);
    const audit = await queryRows(
      harness.database.db,
      sql`select new_values from audit_logs where user_id = ${teacher.userId} and action = 'CANVAS_CONNECTED'`,
    );
    expect(audit).toEqual([{ new_values: expect.objectContaining({ developer_key: 'institution' }) }]);
    expect(JSON.stringify(audit)).not.toContain(SCHOOL_KEY.clientSecret);

    // The refresh, too (the demo Canvas renews a grant only for the key that issued it).
    await makeDue(teacher.userId);
    expect((await call(harness.app, 'GET', '/api/courses', teacher)).statusCode).toBe(200);
    expect(refreshes(schoolCanvas)).toEqual([{ grantType: 'refresh_token', outcome: 'issued' }]);
    expect(installationCanvas.state.oauth.tokenRequests).toEqual([]);

    const disconnected = await call(harness.app, 'DELETE', '/api/canvas/connection', teacher);
    expect(disconnected.statusCode).toBe(204);
    expect(grant.isRevoked).toBe(true);
    expect(await keySource(teacher.userId)).toBeNull();
  });

  it('keeps renewing with the school’s key after the teacher has left the school', async () => {
    const { teacher } = await schoolWithKey('Riverside Upper School');
    await connectWithCanvas(teacher);
    await harness.database.db.execute(sql`delete from institution_members where user_id = ${teacher.userId}`);
    await makeDue(teacher.userId);
    expect((await call(harness.app, 'GET', '/api/courses', teacher)).statusCode).toBe(200);
    expect(refreshes(schoolCanvas)).toEqual([{ grantType: 'refresh_token', outcome: 'issued' }]);
    expect(installationCanvas.state.oauth.tokenRequests).toEqual([]);
    // A new connection would be made with the installation's key.
    const options = await call(harness.app, 'GET', '/api/canvas/connect-options', teacher);
    expect(options.json().oauth).toMatchObject({ source: 'installation', canvasUrl: installationCanvas.baseUrl });
  });

  it('a teacher of no institution connects with the installation’s key at its Canvas', async () => {
    const outsider = await signUpAndIn(harness.app);
    const { authorizeUrl, connection } = await connectWithCanvas(outsider);
    expect(authorizeUrl.origin).toBe(new URL(installationCanvas.baseUrl).origin);
    expect(authorizeUrl.searchParams.get('client_id')).toBe(DEMO_CANVAS_CLIENT_ID);
    expect(connection.instanceUrl).toBe(installationCanvas.baseUrl);
    expect(lastGrant(installationCanvas).clientId).toBe(DEMO_CANVAS_CLIENT_ID);
    expect(await keySource(outsider.userId)).toBeNull();
    expect(schoolCanvas.state.oauth.tokenRequests).toEqual([]);
  });

  it('a school key Canvas refuses asks the teacher to reconnect, with the reason', async () => {
    const { teacher } = await schoolWithKey('Riverside Elementary');
    await connectWithCanvas(teacher);
    const key = schoolCanvas.state.oauth.developerKeys.get(SCHOOL_KEY.clientId)!;
    key.isDeleted = true;
    try {
      await makeDue(teacher.userId);
      const courses = await call(harness.app, 'GET', '/api/courses', teacher);
      expect(courses.statusCode).toBe(502);
      expect(courses.json().error).toMatchObject({
        code: 'CANVAS_TOKEN_INVALID',
        message:
          "Canvas no longer accepts Margin's developer key (your Canvas administrator deleted or turned it off). Choose Reconnect with Canvas on the Connect Canvas page.",
      });
      const status = await call(harness.app, 'GET', '/api/canvas/connection', teacher);
      expect(status.json()).toMatchObject({
        connected: true,
        method: 'oauth',
        problem: expect.stringContaining('Reconnect'),
      });
    } finally {
      key.isDeleted = false;
    }
  });

  it('a school key removed from Margin is a refused renewal that says so', async () => {
    const { admin, teacher } = await schoolWithKey('Riverside Academy');
    await connectWithCanvas(teacher);
    const grant = lastGrant(schoolCanvas);
    const cleared = await call(harness.app, 'PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: null,
      canvasClientId: null,
      allowPersonalTokens: true,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await makeDue(teacher.userId);
    const status = await call(harness.app, 'GET', '/api/canvas/connection', teacher);
    expect(status.json()).toMatchObject({
      connected: true,
      method: 'oauth',
      problem:
        "Your school's Canvas developer key is no longer set up in Margin, so Margin cannot renew its access. Choose Reconnect with Canvas on the Connect Canvas page.",
    });
    // Not the installation's key in its stead: no Canvas was asked to renew.
    expect(refreshes(schoolCanvas)).toEqual([]);
    expect(installationCanvas.state.oauth.tokenRequests).toEqual([]);
    // The token Margin lets go of is deleted at the Canvas that issued it.
    expect(grant.isRevoked).toBe(true);
  });

  it("removing a school's teacher deletes her token at the school's Canvas", async () => {
    const { admin, teacher } = await schoolWithKey('Riverside Prep');
    await connectWithCanvas(teacher);
    const grant = lastGrant(schoolCanvas);
    const removed = await call(harness.app, 'DELETE', `/api/institutions/current/members/${teacher.userId}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(grant.isRevoked).toBe(true);
  });

  it("asks for Margin's scopes when the school says its key enforces them, and grading works within them", async () => {
    const { admin, teacher } = await schoolWithKey('Riverside Academy');
    const saved = await call(harness.app, 'PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: schoolCanvas.baseUrl,
      canvasClientId: SCOPED_SCHOOL_KEY.clientId,
      canvasClientSecret: SCOPED_SCHOOL_KEY.clientSecret,
      canvasEnforcesScopes: true,
      allowPersonalTokens: false,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().canvasEnforcesScopes).toBe(true);
    const { authorizeUrl } = await connectWithCanvas(teacher);
    expect(authorizeUrl.searchParams.get('scope')!.split(' ')).toEqual([...MARGIN_CANVAS_SCOPES]);
    expect(lastGrant(schoolCanvas).scopes).toEqual([...MARGIN_CANVAS_SCOPES]);
    for (const url of ['/api/courses/4201', '/api/grading/courses/4201/assignments/5002']) {
      const answer = await call(harness.app, 'GET', url, teacher);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
  });

  describe('on an installation without a developer key of its own', () => {
    let keyless: TestApp;
    beforeAll(async () => {
      keyless = await createTestApp({ env: { DEMO_CANVAS: 'false' }, database: harness.database });
    }, 180_000);
    afterAll(() => keyless?.close());

    it("offers Connect with Canvas only to the school's teachers", async () => {
      const { teacher } = await schoolWithKey('Riverside Community College');
      const outsider = await signUpAndIn(keyless.app);
      expect((await call(keyless.app, 'GET', '/api/canvas/connect-options', outsider)).json()).toEqual({
        oauth: null,
        personalTokensAllowed: true,
      });
      const refused = await call(keyless.app, 'POST', '/api/canvas/oauth/start', outsider);
      expect(refused.statusCode).toBe(404);
      expect((await call(keyless.app, 'GET', '/api/canvas/connect-options', teacher)).json().oauth).toMatchObject({
        source: 'institution',
        canvasUrl: schoolCanvas.baseUrl,
      });
      const { connection } = await connectWithCanvas(teacher, keyless.app);
      expect(connection.instanceUrl).toBe(schoolCanvas.baseUrl);
      const grant = lastGrant(schoolCanvas);
      expect(grant.clientId).toBe(SCHOOL_KEY.clientId);
      expect((await call(keyless.app, 'DELETE', '/api/canvas/connection', teacher)).statusCode).toBe(204);
      expect(grant.isRevoked).toBe(true);
    });
  });
});
