import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import { nothingDone, startJobQueue } from './queue';

const quiet = () => undefined;
const silent = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as FastifyBaseLogger;

describe('a detached job queue', () => {
  const client = new PGlite();
  afterAll(() => client.close());

  it('answers a worker still in flight with nothing done, never a failure', async () => {
    const db = drizzle(client) as unknown as Database;
    const { boss, detach } = await startJobQueue(db, silent, { expireSeconds: 60 });
    await boss.createQueue('detached-test');
    const id = await boss.send('detached-test', { n: 1 });
    detach();
    // A job failed or completed after the database closed must not throw out of pg-boss
    // (an unhandled rejection would take the process down).
    await expect(boss.fail('detached-test', id!)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.complete('detached-test', id!)).resolves.toMatchObject({ affected: 0 });
    await expect(boss.fetch('detached-test')).resolves.toEqual([]);
    await boss.stop({ graceful: false, wait: false });
  }, 60_000);

  it('reports a count of none only to commands that ask for one', () => {
    expect(nothingDone('with results as (update x) SELECT COUNT(*) FROM results').rows).toEqual([{ count: '0' }]);
    expect(nothingDone('select name, state, count(*) size from pgboss.job group by 1, 2').rows).toEqual([]);
  });
});
