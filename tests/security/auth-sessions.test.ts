import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, queryRows, signUpAndIn, type TestApp } from '@/server/test/test-app';

/**
 * Security review L1, L2 and L4: a sign-out ends the access token at once, a rotated refresh token
 * is honoured once (not without limit) within the reuse interval, and the refresh cookie is Secure
 * whenever the browser is on https.
 */

const harness = buildTestApp();

const refresh = (app: TestApp['app'], cookie: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { margin_refresh: cookie } });
const nextCookie = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.find((cookie) => cookie.name === 'margin_refresh')!.value;
const profile = (headers: Record<string, string>) =>
  harness.app.inject({ method: 'GET', url: '/api/profile', headers });

describe('sign-out', () => {
  it('makes the access token useless at once', async () => {
    const teacher = await signUpAndIn(harness.app);
    expect((await profile(teacher.headers)).statusCode).toBe(200);
    const signOut = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { margin_refresh: teacher.refreshCookie },
    });
    expect(signOut.statusCode).toBe(204);
    const after = await profile(teacher.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Your session has ended. Please sign in again.');
    expect(
      (await harness.app.inject({ method: 'GET', url: '/api/auth/session', headers: teacher.headers })).statusCode,
    ).toBe(401);
  });

  it('ends only that sign-in: the same teacher signed in elsewhere keeps working', async () => {
    const teacher = await signUpAndIn(harness.app);
    const other = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: teacher.email, password: teacher.password },
    });
    await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { margin_refresh: teacher.refreshCookie },
    });
    expect((await profile({ authorization: `Bearer ${other.json().session.access_token}` })).statusCode).toBe(200);
  });

  it('ends the access tokens of a sign-in whose refresh token was stolen and replayed', async () => {
    const teacher = await signUpAndIn(harness.app);
    await refresh(harness.app, teacher.refreshCookie);
    await harness.database.db.execute(
      sql`update refresh_tokens set rotated_at = rotated_at - interval '1 minute' where user_id = ${teacher.userId} and rotated_at is not null`,
    );
    expect((await refresh(harness.app, teacher.refreshCookie)).statusCode).toBe(401);
    expect((await profile(teacher.headers)).statusCode).toBe(401);
  });
});

describe('the refresh reuse interval', () => {
  it('honours a rotated token once, and revokes the family at the second replay', async () => {
    const teacher = await signUpAndIn(harness.app);
    const first = await refresh(harness.app, teacher.refreshCookie);
    expect(first.statusCode).toBe(200);
    const replay = await refresh(harness.app, teacher.refreshCookie);
    expect(replay.statusCode).toBe(200);
    const secondReplay = await refresh(harness.app, teacher.refreshCookie);
    expect(secondReplay.statusCode).toBe(401);
    // Both branches the replays forked are gone, and so is every access token of the sign-in.
    expect((await refresh(harness.app, nextCookie(first))).statusCode).toBe(401);
    expect((await refresh(harness.app, nextCookie(replay))).statusCode).toBe(401);
    expect((await profile({ authorization: `Bearer ${replay.json().session.access_token}` })).statusCode).toBe(401);
    const audit = await queryRows(
      harness.database.db,
      sql`select count(*)::int as n from audit_logs where action = 'REFRESH_TOKEN_REUSED' and user_id = ${teacher.userId}`,
    );
    expect(audit[0]).toEqual({ n: 1 });
  });

  it('lets at most two of ten concurrent refreshes with one token through', async () => {
    const teacher = await signUpAndIn(harness.app);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refresh(harness.app, teacher.refreshCookie)));
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(2);
    expect(answers.every((answer) => [200, 401].includes(answer.statusCode))).toBe(true);
  });
});

describe('the Secure flag of the auth cookies', () => {
  const cookiesOf = (response: { cookies: { name: string; secure?: boolean }[] }) =>
    Object.fromEntries(response.cookies.map((cookie) => [cookie.name, cookie.secure === true]));

  async function signInOver(app: TestApp['app'], headers: Record<string, string>) {
    const teacher = await signUpAndIn(app);
    return app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: teacher.email, password: teacher.password },
      headers,
      remoteAddress: '127.0.0.1',
    });
  }

  // The same database behind two more apps: one behind a trusted proxy, one whose PUBLIC_URL is https.
  const behindProxy = buildTestApp(() => ({ env: { TRUST_PROXY: 'loopback' }, database: harness.database }));
  const https = buildTestApp(() => ({ env: { PUBLIC_URL: 'https://margin.school.test' }, database: harness.database }));

  it('is set when a trusted proxy says the request came over https, and not when it came over http', async () => {
    expect(cookiesOf(await signInOver(behindProxy.app, { 'x-forwarded-proto': 'https' }))).toEqual({
      margin_refresh: true,
      margin_device: true,
    });
    expect(cookiesOf(await signInOver(behindProxy.app, { 'x-forwarded-proto': 'http' }))).toEqual({
      margin_refresh: false,
      margin_device: false,
    });
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    expect(cookiesOf(await signInOver(harness.app, { 'x-forwarded-proto': 'https' }))).toEqual({
      margin_refresh: false,
      margin_device: false,
    });
  });

  it('is set whenever PUBLIC_URL is https, on refresh and sign-out too', async () => {
    const signIn = await signInOver(https.app, {});
    expect(cookiesOf(signIn)).toEqual({ margin_refresh: true, margin_device: true });
    const refreshed = await refresh(https.app, nextCookie(signIn));
    expect(cookiesOf(refreshed)).toEqual({ margin_refresh: true });
    const signOut = await https.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { margin_refresh: nextCookie(refreshed) },
    });
    expect(cookiesOf(signOut)).toEqual({ margin_refresh: true });
  });
});
