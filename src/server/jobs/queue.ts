import { PGlite } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';

export type JobQueueOptions = {
  /** A job not finished this long after it started is taken back and given to any instance (a dead server's work). */
  expireSeconds: number;
  /** How often an instance looks for new work when nothing woke it. */
  pollingSeconds?: number;
};

/**
 * The durable queue (pg-boss) on the same database as the data. On a Postgres server it shares the
 * app's connection pool; on the embedded database it runs its SQL through the one PGlite connection
 * (decision 023), so the same queue works in both.
 */
export async function startJobQueue(
  db: Database,
  log: FastifyBaseLogger,
  options: JobQueueOptions,
): Promise<{ boss: PgBoss; detach(): void }> {
  const executor = sqlExecutorFor(db);
  let detached = false;
  const boss = new PgBoss({
    db: {
      // Once detached (the queue stopped, the database about to close), a worker loop still in
      // flight finds no work and writes nothing: its jobs expire and go to another instance.
      executeSql: (text: string, values?: unknown[]) =>
        detached ? Promise.resolve(nothingDone(text)) : executor.executeSql(text, values),
    },
    expireInSeconds: options.expireSeconds,
    // Expired jobs are handed back at the next maintenance: never wait longer than their expiry for it.
    maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.ceil(options.expireSeconds / 2))),
    // Drafts and mail are done in seconds; keep finished jobs a day for inspection, no longer.
    deleteAfterDays: 1,
    archiveCompletedAfterSeconds: 60 * 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  return { boss, detach: () => (detached = true) };
}

/**
 * What a detached queue answers: no rows, except that a command which reports how many jobs it
 * changed (complete, fail, cancel) reports none, since pg-boss reads that count from its first row.
 */
export function nothingDone(text: string): { rows: unknown[] } {
  return /\bselect\s+count\(\*\)/i.test(text) ? { rows: [{ count: '0' }] } : { rows: [] };
}

type Executor = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

function sqlExecutorFor(db: Database): Executor {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        // pg-boss sends its installation and migrations as one script of several statements.
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    };
  }
  if (client instanceof pg.Pool) {
    return { executeSql: (text, values) => client.query(text, values) };
  }
  throw new Error('The job queue needs a PGlite or node-postgres database');
}
