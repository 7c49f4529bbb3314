import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CANVAS_CLIENT_ID, DEMO_CANVAS_CLIENT_SECRET, startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

const REDIRECT_URI = 'http://localhost:4800/canvas-setup/callback';
const form = (values: Record<string, string>) => ({
  method: 'POST',
  body: new URLSearchParams(values).toString(),
  contentType: 'application/x-www-form-urlencoded',
});

/** The teacher clicks Authorize on the demo's page: the code comes back on the redirect. */
async function authorize(extra: Record<string, string> = {}, clientId = DEMO_CANVAS_CLIENT_ID) {
  const values = { client_id: clientId, redirect_uri: REDIRECT_URI, state: 'state-123', ...extra };
  const response = await fetch(`${demo.baseUrl}/login/oauth2/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(values).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location')!);
  expect(location.searchParams.get('state')).toBe('state-123');
  return location.searchParams.get('code')!;
}

async function exchange(code: string, clientId = DEMO_CANVAS_CLIENT_ID, clientSecret = DEMO_CANVAS_CLIENT_SECRET) {
  return callCanvas(
    demo.baseUrl,
    '/login/oauth2/token',
    form({
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uri: REDIRECT_URI,
      code,
    }),
  );
}

const refresh = (refreshToken: string) =>
  callCanvas(
    demo.baseUrl,
    '/login/oauth2/token',
    form({
      grant_type: 'refresh_token',
      client_id: DEMO_CANVAS_CLIENT_ID,
      client_secret: DEMO_CANVAS_CLIENT_SECRET,
      refresh_token: refreshToken,
    }),
  );

describe('demo Canvas OAuth2', () => {
  it('shows an authorize page naming the app and the signed-in user, with Authorize and Cancel', async () => {
    const query = new URLSearchParams({
      client_id: DEMO_CANVAS_CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 'state-123',
    });
    const answer = await callCanvas(demo.baseUrl, `/login/oauth2/auth?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Margin is requesting access to your account');
    expect(answer.text).toContain('Dana Whitfield');
    expect(answer.text).toContain('>Authorize</button>');
    expect(answer.text).toContain('error=access_denied&#38;state=state-123');
  });

  it('refuses an unknown client and a redirect URI the key does not allow', async () => {
    const unknown = await callCanvas(demo.baseUrl, `/login/oauth2/auth?client_id=999&response_type=code`);
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual({ error: 'invalid_client', error_description: 'unknown client' });
    demo.state.oauth.addDeveloperKey({
      clientId: '777',
      clientSecret: 's',
      name: 'Strict app',
      redirectUris: ['https://margin.school.edu'],
      enforcesScopes: false,
    });
    const wrongHost = await callCanvas(
      demo.baseUrl,
      `/login/oauth2/auth?client_id=777&response_type=code&redirect_uri=${encodeURIComponent('https://evil.example/cb')}`,
    );
    expect(wrongHost.status).toBe(400);
    expect(wrongHost.json.error).toBe('invalid_request');
    const subdomain = await callCanvas(
      demo.baseUrl,
      `/login/oauth2/auth?client_id=777&response_type=code&redirect_uri=${encodeURIComponent('https://app.margin.school.edu/cb')}`,
    );
    expect(subdomain.status).toBe(200);
  });

  it('exchanges a code once for an hour-long token and a refresh token that works the API', async () => {
    const code = await authorize();
    const issued = await exchange(code);
    expect(issued.status).toBe(200);
    expect(issued.json).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      user: { id: 1001, name: 'Dana Whitfield' },
      refresh_token: expect.any(String),
      access_token: expect.any(String),
    });
    const self = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: issued.json.access_token });
    expect(self.json.name).toBe('Dana Whitfield');
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.json.error).toBe('invalid_grant');
  });

  it('refuses a wrong client secret', async () => {
    const answer = await exchange(await authorize(), DEMO_CANVAS_CLIENT_ID, 'wrong');
    expect(answer.status).toBe(401);
    expect(answer.json.error).toBe('invalid_client');
  });

  it('refreshes: a new access token, no new refresh token, and the old access token stops working', async () => {
    demo.state.oauth.accessTokenLifetimeSeconds = 2;
    try {
      const issued = (await exchange(await authorize())).json;
      expect(issued.expires_in).toBe(2);
      const renewed = await refresh(issued.refresh_token);
      expect(renewed.status).toBe(200);
      expect(renewed.json.refresh_token).toBeUndefined();
      expect(renewed.json.access_token).not.toBe(issued.access_token);
      const old = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: issued.access_token });
      expect(old.status).toBe(401);
      const expiresAt = demo.state.accessTokens.get(renewed.json.access_token)!.expiresAt!;
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(2000);
      // An expired token answers 401 with WWW-Authenticate, as Canvas does.
      demo.state.accessTokens.get(renewed.json.access_token)!.expiresAt = new Date(Date.now() - 1000).toISOString();
      const expired = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: renewed.json.access_token });
      expect(expired.status).toBe(401);
      expect(expired.headers.get('www-authenticate')).toBe('Bearer realm="canvas-lms"');
      expect(expired.json.errors[0].message).toBe('Expired access token.');
    } finally {
      demo.state.oauth.accessTokenLifetimeSeconds = 3600;
    }
  });

  it('refuses refresh and the API once the user removes the app, or the admin deletes the key', async () => {
    const issued = (await exchange(await authorize())).json;
    const grant = [...demo.state.oauth.grants.values()].find((g) => g.refreshToken === issued.refresh_token)!;
    const removed = await fetch(`${demo.baseUrl}/profile/settings/integrations/${grant.id}/remove`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(removed.status).toBe(303);
    expect((await refresh(issued.refresh_token)).json.error).toBe('invalid_grant');
    const api = await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: issued.access_token });
    expect(api.status).toBe(401);
    expect(api.json.errors[0].message).toBe('Revoked access token.');

    demo.state.oauth.addDeveloperKey({
      clientId: '888',
      clientSecret: 'k',
      name: 'Doomed',
      redirectUris: null,
      enforcesScopes: false,
    });
    const other = (await exchange(await authorize({}, '888'), '888', 'k')).json;
    demo.state.oauth.developerKeys.get('888')!.isDeleted = true;
    const refused = await callCanvas(
      demo.baseUrl,
      '/login/oauth2/token',
      form({ grant_type: 'refresh_token', client_id: '888', client_secret: 'k', refresh_token: other.refresh_token }),
    );
    expect(refused.status).toBe(401);
    expect(refused.json.error).toBe('invalid_client');
    expect((await callCanvas(demo.baseUrl, '/api/v1/courses', { token: other.access_token })).status).toBe(401);
  });

  it('deletes the token on DELETE /login/oauth2/token', async () => {
    const issued = (await exchange(await authorize())).json;
    const deleted = await callCanvas(demo.baseUrl, '/login/oauth2/token', {
      method: 'DELETE',
      token: issued.access_token,
    });
    expect(deleted.status).toBe(200);
    expect((await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: issued.access_token })).status).toBe(401);
    expect((await refresh(issued.refresh_token)).status).toBe(400);
  });

  it('holds a token to its scopes when the key enforces them', async () => {
    demo.state.oauth.addDeveloperKey({
      clientId: '999',
      clientSecret: 'z',
      name: 'Scoped',
      redirectUris: null,
      enforcesScopes: true,
    });
    const query = `client_id=999&response_type=code&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&state=s`;
    const noScope = await fetch(`${demo.baseUrl}/login/oauth2/auth?${query}`, { redirect: 'manual' });
    expect(new URL(noScope.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
    const code = await authorize({ scope: 'url:GET|/api/v1/users/:id url:GET|/api/v1/courses/:id' }, '999');
    const issued = (await exchange(code, '999', 'z')).json;
    expect((await callCanvas(demo.baseUrl, '/api/v1/users/self', { token: issued.access_token })).status).toBe(200);
    expect((await callCanvas(demo.baseUrl, '/api/v1/courses/4201', { token: issued.access_token })).status).toBe(200);
    const outside = await callCanvas(demo.baseUrl, '/api/v1/courses', { token: issued.access_token });
    expect(outside.status).toBe(401);
    expect(outside.headers.get('www-authenticate')).toBeNull();
    expect(outside.json.errors[0].message).toBe('Insufficient scopes on access token.');
  });
});
