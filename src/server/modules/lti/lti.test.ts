import { generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LTI_CLIENT_ID, DEMO_LTI_DEPLOYMENT_ID, DEMO_TEACHER_ID } from '@/server/demo-canvas';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';
import { createInstitution } from '@/server/test/institution-fixture';

const harness = buildTestApp({ canvas: true });
const CLAIM = 'https://purl.imsglobal.org/spec/lti/claim/';
const INSTRUCTOR = 'http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor';
const COURSE_ID = 4201;

type Teacher = Awaited<ReturnType<typeof signUpAndIn>>;
let admin: Teacher;
let canvasUrl: string;

/** Canvas's first step: the browser at the login initiation URL; answers the state, nonce and state cookie. */
async function startLogin(overrides: Record<string, string> = {}) {
  const query = new URLSearchParams({
    iss: canvasUrl,
    login_hint: String(DEMO_TEACHER_ID),
    target_link_uri: `${harness.config.publicUrl}/api/lti/launch`,
    lti_message_hint: String(COURSE_ID),
    client_id: DEMO_LTI_CLIENT_ID,
    lti_deployment_id: DEMO_LTI_DEPLOYMENT_ID,
    ...overrides,
  });
  const response = await harness.app.inject({ method: 'GET', url: `/api/lti/login?${query}` });
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(response.headers.location as string);
  const cookie = response.cookies.find((c) => c.name === 'margin_lti_state')!;
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None', path: '/api/lti' });
  return {
    location,
    state: location.searchParams.get('state')!,
    nonce: location.searchParams.get('nonce')!,
    cookie: cookie.value,
  };
}

/** Claims of a good course-navigation launch by the demo teacher. */
const claimsFor = (nonce: string, overrides: JWTPayload = {}): JWTPayload => ({
  iss: canvasUrl,
  aud: DEMO_LTI_CLIENT_ID,
  azp: DEMO_LTI_CLIENT_ID,
  sub: 'canvas-user-af3c9e',
  nonce,
  name: 'Zoë O’Brien-Nakamura',
  email: 'zoe.obrien-nakamura.long.address@northridge-high-school.example.edu',
  [`${CLAIM}message_type`]: 'LtiResourceLinkRequest',
  [`${CLAIM}version`]: '1.3.0',
  [`${CLAIM}deployment_id`]: DEMO_LTI_DEPLOYMENT_ID,
  [`${CLAIM}target_link_uri`]: `${harness.config.publicUrl}/api/lti/launch`,
  [`${CLAIM}resource_link`]: { id: 'course-navigation-4201' },
  [`${CLAIM}roles`]: [INSTRUCTOR],
  [`${CLAIM}context`]: { id: 'ctx-4201', label: 'ENG 101', title: 'English 101' },
  [`${CLAIM}custom`]: { canvas_course_id: String(COURSE_ID) },
  ...overrides,
});

const signByCanvas = (claims: JWTPayload) => harness.canvas.state.lti.sign(claims);

async function launch(idToken: string, state: string, cookie: string | undefined) {
  return harness.app.inject({
    method: 'POST',
    url: '/api/lti/launch',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie: `margin_lti_state=${cookie}` } : {}),
    },
    payload: new URLSearchParams({ id_token: idToken, state }).toString(),
  });
}

/** A whole launch with these claims (a fresh login first). */
async function launchWith(overrides: JWTPayload = {}) {
  const login = await startLogin();
  return launch(await signByCanvas(claimsFor(login.nonce, overrides)), login.state, login.cookie);
}

const pageTitle = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

beforeAll(async () => {
  canvasUrl = harness.canvas.baseUrl;
  harness.canvas.state.lti.toolUrl = harness.config.publicUrl;
  admin = await signUpAndIn(harness.app, { email: `admin-${Date.now()}@northridge.test` });
  await createInstitution(harness.app, harness.config.appSecret, admin);
  const settings = await harness.app.inject({
    method: 'PUT',
    url: '/api/institutions/current/settings',
    headers: admin.headers,
    payload: { canvasUrl, canvasClientId: null, allowPersonalTokens: true },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  const lti = await harness.app.inject({
    method: 'PUT',
    url: '/api/institutions/current/lti',
    headers: admin.headers,
    payload: { ltiClientId: DEMO_LTI_CLIENT_ID, ltiDeploymentId: DEMO_LTI_DEPLOYMENT_ID },
  });
  expect(lti.json()).toMatchObject({ ltiClientId: DEMO_LTI_CLIENT_ID, ltiDeploymentId: DEMO_LTI_DEPLOYMENT_ID });
});

describe('Margin as an LTI 1.3 tool', () => {
  it('serves its configuration for a Canvas LTI key and one stored public key, never the private half', async () => {
    const config = (await harness.app.inject({ method: 'GET', url: '/api/lti/config.json' })).json();
    expect(config).toMatchObject({
      oidc_initiation_url: `${harness.config.publicUrl}/api/lti/login`,
      target_link_uri: `${harness.config.publicUrl}/api/lti/launch`,
      public_jwk_url: `${harness.config.publicUrl}/api/lti/jwks`,
    });
    expect(config.extensions[0].settings.placements[0]).toMatchObject({
      placement: 'course_navigation',
      message_type: 'LtiResourceLinkRequest',
    });
    const first = (await harness.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json();
    const second = (await harness.app.inject({ method: 'GET', url: '/api/lti/jwks' })).json();
    expect(first.keys).toHaveLength(1);
    expect(first.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(first.keys[0].d).toBeUndefined();
    expect(second).toEqual(first);
  });

  it('an admin enters both ids or neither; a client id is one institution’s', async () => {
    const half = await harness.app.inject({
      method: 'PUT',
      url: '/api/institutions/current/lti',
      headers: admin.headers,
      payload: { ltiClientId: DEMO_LTI_CLIENT_ID, ltiDeploymentId: null },
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().error.message).toBe('Enter both the LTI key’s client id and its deployment id, or neither.');
  });

  it('a first instructor launch through the demo Canvas asks her to sign in once; later launches open the course signed in', async () => {
    const login = await startLogin();
    // The browser follows the redirect to Canvas, which answers with the signed id_token as a form.
    const authorize = await fetch(login.location);
    const html = await authorize.text();
    const idToken = /name="id_token" value="([^"]+)"/.exec(html)![1]!;
    const first = await launch(idToken, login.state, login.cookie);
    expect(first.statusCode, first.body).toBe(303);
    expect(first.headers.location).toBe('/lti/link');
    const ticket = first.cookies.find((c) => c.name === 'margin_lti_link')!;
    const linkCookie = `margin_lti_link=${ticket.value}`;

    const pending = await harness.app.inject({ method: 'GET', url: '/api/lti/link', headers: { cookie: linkCookie } });
    expect(pending.json()).toMatchObject({
      institutionName: 'Northridge High School',
      courseTitle: expect.any(String),
    });

    const teacher = await signUpAndIn(harness.app, { fullName: 'Zoë O’Brien-Nakamura' });
    const linked = await harness.app.inject({
      method: 'POST',
      url: '/api/lti/link',
      headers: { ...teacher.headers, cookie: linkCookie },
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ openPath: `/courses/${COURSE_ID}` });

    const again = await startLogin();
    const second = await launch(
      /name="id_token" value="([^"]+)"/.exec(await (await fetch(again.location)).text())![1]!,
      again.state,
      again.cookie,
    );
    expect(second.statusCode, second.body).toBe(303);
    expect(second.headers.location).toBe(`/courses/${COURSE_ID}`);
    const refresh = second.cookies.find((c) => c.name === 'margin_refresh')!;
    const session = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      headers: { cookie: `margin_refresh=${refresh.value}` },
    });
    expect(session.json().session.user.email).toBe(teacher.email);
  });

  it('a learner gets a polite page that Margin is for teachers', async () => {
    const response = await launchWith({
      sub: 'canvas-student-1',
      [`${CLAIM}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    });
    expect(response.statusCode).toBe(200);
    expect(pageTitle(response.body)).toBe('Margin is for teachers');
    expect(response.cookies.find((c) => c.name === 'margin_refresh')).toBeUndefined();
  });

  it('refuses an id_token signed with a key Canvas does not publish', async () => {
    const login = await startLogin();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claimsFor(login.nonce))
      .setProtectedHeader({ alg: 'RS256', kid: 'forged-key' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await launch(forged, login.state, login.cookie);
    expect(response.statusCode).toBe(401);
    expect(pageTitle(response.body)).toBe('This launch is not signed by your Canvas');
  });

  it('refuses a token signed by another key under Canvas’s key id', async () => {
    const login = await startLogin();
    const { kid } = await harness.canvas.state.lti.currentKey();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claimsFor(login.nonce))
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await launch(forged, login.state, login.cookie);
    expect(response.statusCode).toBe(401);
    expect(pageTitle(response.body)).toBe('This launch is not signed by your Canvas');
  });

  it('refuses a token for another audience, or whose authorized party is another tool', async () => {
    const wrongAudience = await launchWith({ aud: '10000000000099', azp: '10000000000099' });
    expect(wrongAudience.statusCode).toBe(400);
    expect(pageTitle(wrongAudience.body)).toBe('This launch was meant for another tool');
    const wrongParty = await launchWith({ aud: [DEMO_LTI_CLIENT_ID, '10000000000099'], azp: '10000000000099' });
    expect(pageTitle(wrongParty.body)).toBe('This launch was meant for another tool');
  });

  it('refuses an expired token and one issued too long ago', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await launchWith({ iat: now - 7200, exp: now - 3600 });
    expect(expired.statusCode).toBe(400);
    expect(pageTitle(expired.body)).toBe('This launch has expired');
    const old = await launchWith({ iat: now - 1800, exp: now + 1800 });
    expect(pageTitle(old.body)).toBe('This launch has expired');
  });

  it('refuses a replayed id_token: its state and its nonce are used once', async () => {
    const login = await startLogin();
    const token = await signByCanvas(claimsFor(login.nonce, { sub: 'canvas-user-replay' }));
    expect((await launch(token, login.state, login.cookie)).statusCode).toBe(303);
    const sameState = await launch(token, login.state, login.cookie);
    expect(pageTitle(sameState.body)).toBe('This launch was already used');
    const fresh = await startLogin();
    const sameNonce = await launch(token, fresh.state, fresh.cookie);
    expect(sameNonce.statusCode).toBe(400);
    expect(pageTitle(sameNonce.body)).toBe('This launch was already used');
  });

  it('refuses a launch from a deployment the admin did not enter', async () => {
    const response = await launchWith({ [`${CLAIM}deployment_id`]: '99:someone-elses-install' });
    expect(response.statusCode).toBe(403);
    expect(pageTitle(response.body)).toBe('This Canvas installation of Margin is not known');
    const early = await harness.app.inject({
      method: 'GET',
      url: `/api/lti/login?${new URLSearchParams({ iss: canvasUrl, login_hint: '1', client_id: DEMO_LTI_CLIENT_ID, lti_deployment_id: '99:x' })}`,
    });
    expect(early.statusCode).toBe(403);
  });

  it('refuses another message type', async () => {
    const response = await launchWith({ [`${CLAIM}message_type`]: 'LtiDeepLinkingRequest' });
    expect(response.statusCode).toBe(400);
    expect(pageTitle(response.body)).toBe('Margin cannot open this kind of launch');
  });

  it('refuses a bad state: another browser’s, an unknown one, or none', async () => {
    const login = await startLogin();
    const token = await signByCanvas(claimsFor(login.nonce));
    const otherBrowser = await launch(token, login.state, 'another-browsers-state');
    expect(pageTitle(otherBrowser.body)).toBe('This launch did not start in this browser');
    const noCookie = await launch(token, login.state, undefined);
    expect(pageTitle(noCookie.body)).toBe('This launch did not start in this browser');
    const unknown = await launch(token, 'made-up-state', 'made-up-state');
    expect(pageTitle(unknown.body)).toBe('This launch is not one Margin started');
  });

  it('refuses a login from an LTI key no institution entered, or from another issuer', async () => {
    const unknownKey = await harness.app.inject({
      method: 'GET',
      url: `/api/lti/login?${new URLSearchParams({ iss: canvasUrl, login_hint: '1', client_id: '123' })}`,
    });
    expect(unknownKey.statusCode).toBe(404);
    expect(pageTitle(unknownKey.body)).toBe('Margin is not set up for this Canvas LTI key');
    const otherIssuer = await harness.app.inject({
      method: 'POST',
      url: '/api/lti/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        iss: 'https://canvas.instructure.com',
        login_hint: '1',
        client_id: DEMO_LTI_CLIENT_ID,
      }).toString(),
    });
    expect(pageTitle(otherIssuer.body)).toBe('This launch comes from another Canvas');
  });

  it('fetches Canvas’s keys again when a launch names a key id it has not seen (a rotated key)', async () => {
    expect((await launchWith({ sub: 'canvas-user-before-rotation' })).statusCode).toBe(303);
    await harness.canvas.state.lti.rotateKey();
    // The refetch waits out a one-second cooldown after the last fetch.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const response = await launchWith({ sub: 'canvas-user-after-rotation' });
    expect(response.statusCode, response.body).toBe(303);
  });
});
