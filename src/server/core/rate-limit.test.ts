import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '@/server/test/test-app';
import type { DatabaseHandle } from '@/server/db/connection';
import { consumeRateLimit } from './rate-limit';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('consumeRateLimit', () => {
  it('allows the limit, then refuses with the message and a retry time', async () => {
    const rule = { limit: 3, windowSeconds: 600 };
    for (let hit = 0; hit < 3; hit += 1) await consumeRateLimit(database.db, 'form:1.2.3.4', rule, 'Slow down');
    const refusal = await consumeRateLimit(database.db, 'form:1.2.3.4', rule, 'Slow down').catch(
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ code: 'RATE_LIMITED', userMessage: 'Slow down' });
    expect((refusal as { details: { retryAfterSeconds: number } }).details.retryAfterSeconds).toBeGreaterThan(590);
    // Another key has its own count.
    await expect(consumeRateLimit(database.db, 'form:5.6.7.8', rule, 'Slow down')).resolves.toBeUndefined();
  });

  it('starts a new window once the old one has passed', async () => {
    const rule = { limit: 1, windowSeconds: 1 };
    await consumeRateLimit(database.db, 'short', rule, 'Wait');
    await expect(consumeRateLimit(database.db, 'short', rule, 'Wait')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await expect(consumeRateLimit(database.db, 'short', rule, 'Wait')).resolves.toBeUndefined();
  });
});
