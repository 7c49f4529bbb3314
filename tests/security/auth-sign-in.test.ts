import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_RULES } from '@/server/modules/auth/sign-in';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';

/**
 * Security review H1 and M5: concurrent guesses must not beat the sign-in throttle, and the throttle
 * must not become a way to lock a teacher out. Every attempt is counted in one statement before
 * the password is checked; each check writes one SIGN_IN_FAILED audit row, which is how the tests
 * count argon2 verifications.
 */

const harness = buildTestApp();

const signInFrom = (remoteAddress: string, email: string, password: string, cookies: Record<string, string> = {}) =>
  harness.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
    cookies,
  });

async function checkedPasswords(email: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    harness.database.db,
    sql`select count(*)::int as n from audit_logs a join users u on u.id = a.user_id where a.action = 'SIGN_IN_FAILED' and u.email = ${email}`,
  );
  return rows[0]!.n;
}

const statuses = (responses: { statusCode: number }[]) =>
  responses.reduce<Record<number, number>>(
    (counts, { statusCode }) => ({ ...counts, [statusCode]: (counts[statusCode] ?? 0) + 1 }),
    {},
  );

describe('a burst of concurrent guesses', () => {
  it('checks at most the limit of 200 guesses fired at once through app.inject', async () => {
    const teacher = await signUpAndIn(harness.app, { password: 'burst-proof-1' });
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, index) => signInFrom('203.0.113.10', teacher.email, `guess-${index}`)),
    );
    const counts = statuses(burst);
    expect(counts[401]).toBeLessThanOrEqual(SIGN_IN_RULES.pair.freeAttempts);
    expect(counts[429]).toBeGreaterThanOrEqual(200 - SIGN_IN_RULES.pair.freeAttempts);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(await checkedPasswords(teacher.email)).toBeLessThanOrEqual(SIGN_IN_RULES.pair.freeAttempts);
  });

  it('checks at most the limit of 200 guesses sent at once over real HTTP, and the right one hidden among them never gets in', async () => {
    const teacher = await signUpAndIn(harness.app, { password: 'burst-proof-2' });
    await harness.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = harness.app.server.address() as AddressInfo;
    const guesses = Array.from({ length: 200 }, (_, index) => (index === 40 ? teacher.password : `guess-${index}`));
    const answers = await Promise.all(
      guesses.map((password) =>
        fetch(`http://127.0.0.1:${port}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: teacher.email, password }),
        }).then((response) => ({ statusCode: response.status })),
      ),
    );
    const counts = statuses(answers);
    expect(counts[200] ?? 0).toBe(0);
    expect(counts[401]).toBeLessThanOrEqual(SIGN_IN_RULES.pair.freeAttempts);
    expect(await checkedPasswords(teacher.email)).toBeLessThanOrEqual(SIGN_IN_RULES.pair.freeAttempts);
  });
});

describe('backoff', () => {
  it('doubles the wait after each further failure once the free attempts are used', async () => {
    const teacher = await signUpAndIn(harness.app, { password: 'backoff-proof' });
    for (let attempt = 0; attempt < SIGN_IN_RULES.pair.freeAttempts; attempt += 1) {
      expect((await signInFrom('203.0.113.20', teacher.email, 'wrong')).statusCode).toBe(401);
    }
    const waits: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const refused = await signInFrom('203.0.113.20', teacher.email, 'wrong');
      expect(refused.statusCode).toBe(429);
      waits.push(refused.json().error.message);
      // The wait passes (the clock is moved, not waited for); the next failure is checked and counted.
      await harness.database.db.execute(
        sql`update sign_in_throttle set next_attempt_at = now() where key = ${`pair:${teacher.email}|203.0.113.20`}`,
      );
      expect((await signInFrom('203.0.113.20', teacher.email, 'wrong')).statusCode).toBe(401);
    }
    expect(waits).toEqual([
      'Too many failed sign-in attempts. Please wait 1 minute and try again.',
      'Too many failed sign-in attempts. Please wait 2 minutes and try again.',
      'Too many failed sign-in attempts. Please wait 4 minutes and try again.',
    ]);
  });
});

describe('lockout is not a denial of service', () => {
  it('lets the teacher in from her own address while someone else is locked out guessing from theirs', async () => {
    const teacher = await signUpAndIn(harness.app, { password: 'own-address-1' });
    await Promise.all(
      Array.from({ length: 30 }, (_, index) => signInFrom('203.0.113.30', teacher.email, `guess-${index}`)),
    );
    expect((await signInFrom('203.0.113.30', teacher.email, teacher.password)).statusCode).toBe(429);
    expect((await signInFrom('198.51.100.30', teacher.email, teacher.password)).statusCode).toBe(200);
  });

  it('lets the teacher in from her usual browser even when guesses from many addresses have locked the e-mail', async () => {
    const teacher = await signUpAndIn(harness.app, { password: 'usual-browser-1' });
    const usual = await signInFrom('198.51.100.40', teacher.email, teacher.password);
    const deviceCookie = usual.cookies.find((cookie) => cookie.name === 'margin_device')!;
    expect(deviceCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/sign-in' });

    // A botnet: one guess from each of 60 addresses fills the e-mail's own budget.
    for (let index = 0; index < 60; index += 1)
      await signInFrom(`192.0.2.${index + 1}`, teacher.email, `guess-${index}`);
    const elsewhere = await signInFrom('198.51.100.41', teacher.email, teacher.password);
    expect(elsewhere.statusCode).toBe(429);
    expect(await checkedPasswords(teacher.email)).toBe(SIGN_IN_RULES.email.freeAttempts);

    // Same address as the attacker's last guess, but with her device cookie: checked, and in.
    const withDevice = await signInFrom('192.0.2.60', teacher.email, teacher.password, {
      margin_device: deviceCookie.value,
    });
    expect(withDevice.statusCode).toBe(200);
  });

  it('does not let a device cookie issued for one e-mail lift the limits of another', async () => {
    const attacker = await signUpAndIn(harness.app, { password: 'attacker-pass-1' });
    const victim = await signUpAndIn(harness.app, { password: 'victim-pass-1' });
    const own = await signInFrom('203.0.113.50', attacker.email, attacker.password);
    const cookie = { margin_device: own.cookies.find((c) => c.name === 'margin_device')!.value };
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) => signInFrom('203.0.113.50', victim.email, `guess-${index}`, cookie)),
    );
    expect(statuses(burst)[401]).toBeLessThanOrEqual(SIGN_IN_RULES.pair.freeAttempts);
    expect((await signInFrom('203.0.113.50', victim.email, 'x', { margin_device: 'made.up' })).statusCode).toBe(429);
  });

  it('gives back the shared address budget on success, so colleagues behind one school address are not locked out', async () => {
    const colleagues = [];
    for (let index = 0; index < 25; index += 1)
      colleagues.push(await signUpAndIn(harness.app, { password: `colleague-pass-${index}` }));
    for (const colleague of colleagues) {
      expect((await signInFrom('203.0.113.60', colleague.email, colleague.password)).statusCode).toBe(200);
    }
  });
});
