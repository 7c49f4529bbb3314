import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@/server/config';
import { COMMON_PASSWORD } from '@/server/modules/auth/common-passwords';
import { SIGN_UP_ACCEPTED, TOO_MANY_SIGN_UPS } from '@/server/modules/auth/sign-up';
import { buildTestApp, queryRows } from '@/server/test/test-app';

/**
 * Security review M4 and L3: sign-up is limited per client address, answers the same whether or not
 * the e-mail already has an account (its owner is told by e-mail instead), and refuses the most
 * common passwords.
 */

const LIMIT = loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(32) }).signUpLimitPerHour;

const harness = buildTestApp({ env: { SIGN_UP_LIMIT_PER_HOUR: String(LIMIT) } });

let counter = 0;
const signUp = (payload: Record<string, unknown>, remoteAddress = `198.18.0.${(counter += 1) % 250}`) =>
  harness.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload, remoteAddress });

describe('common passwords', () => {
  it.each(['123456', 'password', 'Password1', 'qwerty123', 'iloveyou', 'sunshine'])(
    'refuses %s with a message naming the field',
    async (password) => {
      const response = await signUp({ email: `common-${password}@school.test`, password, fullName: 'Common' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', field: 'password', message: COMMON_PASSWORD });
      const rows = await queryRows(
        harness.database.db,
        sql`select 1 from users where email = ${`common-${password.toLowerCase()}@school.test`}`,
      );
      expect(rows).toHaveLength(0);
    },
  );

  it('keeps the spec minimum of six characters first', async () => {
    const response = await signUp({ email: 'short@school.test', password: '12345', fullName: 'Short' });
    expect(response.json().error.message).toBe('Password must be at least 6 characters long');
  });
});

describe('an e-mail that already has an account', () => {
  it('gets the same status and body as a new one, and its owner gets a note instead of a welcome', async () => {
    const first = await signUp({ email: 'owner@school.test', password: 'owner-pass-1', fullName: 'Owner' });
    const again = await signUp({ email: 'Owner@School.test', password: 'other-pass-2', fullName: 'Someone Else' });
    const fresh = await signUp({ email: 'fresh@school.test', password: 'fresh-pass-3', fullName: 'Fresh' });
    expect([first.statusCode, again.statusCode, fresh.statusCode]).toEqual([201, 201, 201]);
    expect(again.body).toBe(fresh.body);
    expect(again.json()).toEqual({ message: SIGN_UP_ACCEPTED });
    expect(again.headers['content-length']).toBe(fresh.headers['content-length']);

    await expect
      .poll(
        async () =>
          queryRows(
            harness.database.db,
            sql`select to_address, subject from mail_outbox where to_address in ('owner@school.test', 'fresh@school.test') order by to_address, subject`,
          ),
        { timeout: 5000 },
      )
      .toEqual([
        { to_address: 'fresh@school.test', subject: 'Welcome to Margin' },
        { to_address: 'owner@school.test', subject: 'Welcome to Margin' },
        { to_address: 'owner@school.test', subject: 'You already have a Margin account' },
      ]);
  });

  it('takes about as long as a new account: the password is hashed either way', async () => {
    await signUp({ email: 'timed-owner@school.test', password: 'timed-pass-0', fullName: 'Timed' });
    const existing: number[] = [];
    const fresh: number[] = [];
    // Interleaved, so load on the machine falls on both alike.
    for (let round = 0; round < 6; round += 1) {
      let start = performance.now();
      await signUp({ email: 'timed-owner@school.test', password: `timed-pass-${round}x`, fullName: 'Timed' });
      existing.push(performance.now() - start);
      start = performance.now();
      await signUp({ email: `timed-${round}@school.test`, password: `timed-pass-${round}y`, fullName: 'Timed' });
      fresh.push(performance.now() - start);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const ratio = median(existing) / median(fresh);
    // An answer that skipped the hash for an existing e-mail would come back many times faster.
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});

describe('the per-address limit', () => {
  it(`accepts ${LIMIT} sign-ups an hour from one address, then refuses with a clear 429; other addresses are not affected`, async () => {
    for (let index = 0; index < LIMIT; index += 1) {
      const response = await signUp(
        { email: `flood-${index}@school.test`, password: 'flood-pass-1', fullName: 'Flood' },
        '203.0.113.77',
      );
      expect(response.statusCode).toBe(201);
    }
    const refused = await signUp(
      { email: 'flood-last@school.test', password: 'flood-pass-1', fullName: 'Flood' },
      '203.0.113.77',
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TOO_MANY_SIGN_UPS);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const rows = await queryRows(harness.database.db, sql`select 1 from users where email = 'flood-last@school.test'`);
    expect(rows).toHaveLength(0);
    expect(
      (await signUp({ email: 'neighbour@school.test', password: 'flood-pass-1', fullName: 'N' }, '203.0.113.78'))
        .statusCode,
    ).toBe(201);
  });

  it(`counts IPv6 clients by their /64: ${LIMIT} sign-ups from addresses of one /64, then 429`, async () => {
    for (let index = 0; index < LIMIT; index += 1) {
      const response = await signUp(
        { email: `six-${index}@school.test`, password: 'flood-pass-1', fullName: 'Flood' },
        `2001:db8:1:2::${(index + 1).toString(16)}`,
      );
      expect(response.statusCode).toBe(201);
    }
    const refused = await signUp(
      { email: 'six-last@school.test', password: 'flood-pass-1', fullName: 'Flood' },
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
    );
    expect(refused.statusCode).toBe(429);
    expect(
      (await signUp({ email: 'six-next@school.test', password: 'flood-pass-1', fullName: 'N' }, '2001:db8:1:3::1'))
        .statusCode,
    ).toBe(201);
  });
});
