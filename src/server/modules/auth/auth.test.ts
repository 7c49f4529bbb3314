import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token';
import { SIGN_IN_RULES } from './sign-in';
import { ACCOUNT_EXISTS_MAIL_LIMIT, SIGN_UP_ACCEPTED } from './sign-up';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';

const harness = buildTestApp();

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  harness.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-up', () => {
  it('creates the account and its profile, and answers without a session', async () => {
    const response = await post('/api/auth/sign-up', {
      email: ' New@School.Test ',
      password: 'secret-ink',
      fullName: 'Ada Lovelace',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: SIGN_UP_ACCEPTED });
    const rows = await queryRows(
      harness.database.db,
      sql`select p.full_name from profiles p join users u on u.id = p.id where u.email = 'new@school.test'`,
    );
    expect(rows[0]).toEqual({ full_name: 'Ada Lovelace' });
  });

  it('stores an argon2id hash, never the password', async () => {
    await post('/api/auth/sign-up', { email: 'hash@school.test', password: 'plain-secret', fullName: 'H' });
    const rows = await queryRows(
      harness.database.db,
      sql`select password_hash from user_credentials c join users u on u.id = c.user_id where u.email = 'hash@school.test'`,
    );
    const hash = (rows[0] as { password_hash: string }).password_hash;
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(hash).not.toContain('plain-secret');
  });

  it('keeps the first account when an e-mail signs up twice, and answers the same', async () => {
    await post('/api/auth/sign-up', { email: 'twice@school.test', password: 'secret-ink', fullName: 'One' });
    const response = await post('/api/auth/sign-up', {
      email: 'TWICE@school.test',
      password: 'secret-pen',
      fullName: 'Two',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: SIGN_UP_ACCEPTED });
    expect((await post('/api/auth/sign-in', { email: 'twice@school.test', password: 'secret-ink' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/auth/sign-in', { email: 'twice@school.test', password: 'secret-pen' })).statusCode).toBe(
      401,
    );
  });

  it('tells the owner of an existing account a few times a day at most, whatever the addresses the sign-ups come from', async () => {
    const attempts = ACCOUNT_EXISTS_MAIL_LIMIT.limit + 2;
    const signUpFrom = (remoteAddress: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email: 'flooded@school.test', password: 'secret-ink', fullName: 'F' },
        remoteAddress,
      });
    await signUpFrom('198.51.100.1');
    for (let index = 0; index < attempts; index++) {
      const response = await signUpFrom(`198.51.100.${index + 2}`);
      expect(response.json()).toEqual({ message: SIGN_UP_ACCEPTED });
    }
    const notes = () =>
      queryRows(
        harness.database.db,
        sql`select 1 from mail_outbox where to_address = 'flooded@school.test' and subject = 'You already have a Margin account'`,
      );
    await expect
      .poll(async () => (await notes()).length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(ACCOUNT_EXISTS_MAIL_LIMIT.limit);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await notes()).toHaveLength(ACCOUNT_EXISTS_MAIL_LIMIT.limit);
  });

  it.each([
    [{}, 'email'],
    [{ email: 'a@b.co', password: '12345', fullName: 'X' }, 'password', 'Password must be at least 6 characters long'],
    [{ email: 'not-an-email', password: 'secret-ink', fullName: 'X' }, 'email', 'Please enter a valid email address'],
    [{ email: 'a@b.co', password: 'secret-ink', fullName: '   ' }, 'fullName', 'Full name is required'],
    [{ email: 'a@b.co', password: 123456, fullName: 'X' }, 'password'],
    [{ email: 'a@b.co', password: 'secret-ink', fullName: 'x'.repeat(121) }, 'fullName'],
    [{ email: 'a@b.co', password: 'secret-ink', fullName: 'X', isAdmin: true }, 'isAdmin', 'Unknown field: isAdmin'],
  ])('rejects %j with a 400 naming %s', async (payload, field, message?: string) => {
    const response = await post('/api/auth/sign-up', payload);
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION');
    expect(error.field).toBe(field);
    if (message) expect(error.message).toBe(message);
  });

  it('rejects malformed JSON and an over-large body without a 500', async () => {
    const malformed = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toBe('The request body is not valid JSON.');
    const huge = await post('/api/auth/sign-up', {
      email: 'a@b.co',
      password: 'secret-ink',
      fullName: 'x'.repeat(2_000_000),
    });
    expect(huge.statusCode).toBe(413);
  });
});

describe('sign-in', () => {
  it('returns the session of spec part 1 §3 and sets an httpOnly, SameSite refresh cookie', async () => {
    await post('/api/auth/sign-up', { email: 'shape@school.test', password: 'secret-ink', fullName: 'Shape Tester' });
    const response = await post('/api/auth/sign-in', { email: 'shape@school.test', password: 'secret-ink' });
    expect(response.statusCode).toBe(200);
    const { session } = response.json();
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 900, refresh_token: null });
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000);
    expect(session.user).toMatchObject({
      email: 'shape@school.test',
      user_metadata: { full_name: 'Shape Tester' },
      factors: [],
    });
    expect(session.user.identities).toHaveLength(1);
    const cookie = response.cookies.find((c) => c.name === 'margin_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(JSON.stringify(session)).not.toContain(cookie!.value);
  });

  it('gives one message for a wrong password and an unknown e-mail', async () => {
    await post('/api/auth/sign-up', { email: 'wrong@school.test', password: 'secret-ink', fullName: 'W' });
    const wrongPassword = await post('/api/auth/sign-in', { email: 'wrong@school.test', password: 'secret-pen' });
    const unknown = await post('/api/auth/sign-in', { email: 'nobody@school.test', password: 'secret-pen' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrongPassword.json().error.message).toBe('Invalid email or password. Please check them and try again.');
    expect(unknown.json().error.message).toBe(wrongPassword.json().error.message);
  });

  it('slows repeated failures of one e-mail from one address, even with the right password, and tells how long to wait', async () => {
    await post('/api/auth/sign-up', { email: 'limited@school.test', password: 'secret-ink', fullName: 'L' });
    for (let attempt = 0; attempt < SIGN_IN_RULES.pair.freeAttempts; attempt += 1) {
      const response = await post('/api/auth/sign-in', { email: 'limited@school.test', password: 'guess' });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/sign-in', { email: 'limited@school.test', password: 'secret-ink' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.message).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('rate limits repeated failures per client address across e-mails', async () => {
    const fromAddress = (email: string) =>
      harness.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password: 'guess' },
        remoteAddress: '203.0.113.9',
      });
    for (let attempt = 0; attempt < SIGN_IN_RULES.address.freeAttempts; attempt += 1) {
      expect((await fromAddress(`spray${attempt}@school.test`)).statusCode).toBe(401);
    }
    expect((await fromAddress('another@school.test')).statusCode).toBe(429);
  });
});

describe('refresh and sign-out', () => {
  const refresh = (cookie?: string) =>
    harness.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: cookie ? { margin_refresh: cookie } : {} });

  it('says there is no session when no cookie is sent', async () => {
    const response = await refresh();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ session: null });
  });

  it('rotates the refresh token on every use', async () => {
    const teacher = await signUpAndIn(harness.app);
    const first = await refresh(teacher.refreshCookie);
    expect(first.statusCode).toBe(200);
    const next = first.cookies.find((c) => c.name === 'margin_refresh')!.value;
    expect(next).not.toBe(teacher.refreshCookie);
    expect(first.json().session.user.id).toBe(teacher.userId);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('honours a just-rotated token once more, for a refresh whose answer the browser lost', async () => {
    const teacher = await signUpAndIn(harness.app);
    const first = await refresh(teacher.refreshCookie);
    expect(first.statusCode).toBe(200);
    const retried = await refresh(teacher.refreshCookie);
    expect(retried.statusCode).toBe(200);
    const next = retried.cookies.find((c) => c.name === 'margin_refresh')!.value;
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again after the reuse interval', async () => {
    const teacher = await signUpAndIn(harness.app);
    const rotated = await refresh(teacher.refreshCookie);
    const current = rotated.cookies.find((c) => c.name === 'margin_refresh')!.value;
    await harness.database.db.execute(
      sql`update refresh_tokens set rotated_at = rotated_at - interval '1 minute' where user_id = ${teacher.userId} and rotated_at is not null`,
    );
    const replay = await refresh(teacher.refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.message).toBe('Your session has ended. Please sign in again.');
    // The legitimate holder's newer token is gone too.
    expect((await refresh(current)).statusCode).toBe(401);
    const audit = await queryRows(
      harness.database.db,
      sql`select count(*)::int as n from audit_logs where action = 'REFRESH_TOKEN_REUSED' and user_id = ${teacher.userId}`,
    );
    expect(audit[0]).toEqual({ n: 1 });
  });

  it('refuses an unknown refresh token', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
  });

  it('signs out by revoking the refresh token', async () => {
    const teacher = await signUpAndIn(harness.app);
    const signOut = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { margin_refresh: teacher.refreshCookie },
    });
    expect(signOut.statusCode).toBe(204);
    expect((await refresh(teacher.refreshCookie)).statusCode).toBe(401);
  });
});

describe('protected routes', () => {
  const getSession = (headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url: '/api/auth/session', headers });

  it('return the signed-in user with a valid bearer token', async () => {
    const teacher = await signUpAndIn(harness.app, { fullName: 'Toni Morrison' });
    const response = await getSession(teacher.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: teacher.userId, user_metadata: { full_name: 'Toni Morrison' } });
  });

  it('reject a missing, malformed, forged or expired token with 401', async () => {
    const teacher = await signUpAndIn(harness.app);
    const forger = createAccessTokens('another-secret-that-is-long-enough-to-sign');
    const claims = { userId: teacher.userId, email: teacher.email, sessionId: crypto.randomUUID() };
    const forged = await forger.issue(claims);
    const genuine = createAccessTokens('test-secret-that-is-long-enough-to-derive-keys');
    const expired = await genuine.issue(claims, new Date(Date.now() - 3600_000));
    const [tampered] = [teacher.accessToken.slice(0, -4) + 'AAAA'];
    // Signed with the real key, but for a sign-in that never happened.
    const noSuchSession = await genuine.issue(claims);
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Basic abc' },
      { authorization: `Bearer ${forged.token}` },
      { authorization: `Bearer ${expired.token}` },
      { authorization: `Bearer ${tampered}` },
      { authorization: `Bearer ${noSuchSession.token}` },
    ];
    for (const headers of attempts) {
      const response = await getSession(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    const profile = await harness.app.inject({ method: 'GET', url: '/api/profile' });
    expect(profile.statusCode).toBe(401);
  });

  it('answer an unknown API path with a JSON 404', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('profile', () => {
  it('reads and updates name and school, and audits the change', async () => {
    const teacher = await signUpAndIn(harness.app, { fullName: 'Old Name' });
    const read = await harness.app.inject({ method: 'GET', url: '/api/profile', headers: teacher.headers });
    expect(read.json()).toMatchObject({
      full_name: 'Old Name',
      school_name: null,
      canvas_connected: false,
      email: teacher.email,
    });
    const update = await harness.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: teacher.headers,
      payload: { fullName: 'New Name', schoolName: 'Lincoln High' },
    });
    expect(update.statusCode).toBe(200);
    expect(update.json()).toMatchObject({ full_name: 'New Name', school_name: 'Lincoln High' });
    const audit = await queryRows(
      harness.database.db,
      sql`select old_values, new_values from audit_logs where action = 'PROFILE_UPDATED' and user_id = ${teacher.userId}`,
    );
    expect(audit[0]).toMatchObject({ old_values: { full_name: 'Old Name' }, new_values: { fullName: 'New Name' } });
  });

  it('refuses a field it does not own', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await harness.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: teacher.headers,
      payload: { canvasAccessToken: 'sneaky' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('canvasAccessToken');
  });
});
