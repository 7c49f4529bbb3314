import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Database } from '@/server/db/connection';
import { jobInstances } from '@/server/db/schema';

/** Heartbeats an instance may miss before the others take its jobs back. */
export const MISSED_HEARTBEATS = 3;

export type Heartbeat = {
  readonly instanceId: string;
  /** Writes this instance's heartbeat and jobs in hand now (after taking new jobs). */
  beat(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Each instance writes a heartbeat with the class-draft jobs it holds every `everySeconds` and
 * after taking jobs, and hands back the active jobs that no instance with a recent heartbeat holds
 * (their instance was killed or froze `MISSED_HEARTBEATS` beats ago): they go back to the queue as
 * a failed try, so another instance takes them at once instead of after the job's expiry
 * (decision 035).
 */
export function startHeartbeat(deps: {
  db: Database;
  boss: PgBoss;
  log: FastifyBaseLogger;
  queue: string;
  everySeconds: number;
  jobsInHand(): string[];
}): Heartbeat {
  const { db, boss, log, queue, everySeconds } = deps;
  const instanceId = randomUUID();
  const silentSeconds = everySeconds * MISSED_HEARTBEATS;
  let stopped = false;
  let beating: Promise<void> | null = null;

  const handBackJobsOfSilentInstances = async () => {
    await db
      .delete(jobInstances)
      .where(sql`${jobInstances.heartbeatAt} < now() - make_interval(secs => ${silentSeconds})`);
    // Active jobs no live instance holds, taken longer ago than a heartbeat could take to list them:
    // their instance is gone (silent, or killed before its first beat after taking them).
    const orphaned = (await boss.getDb().executeSql(
      `select j.id from pgboss.job j
        where j.name = $1 and j.state = 'active' and j.started_on < now() - make_interval(secs => $2)
          and not exists (select 1 from job_instances i where j.id::text = any(i.job_ids))`,
      [queue, silentSeconds],
    )) as { rows: { id: string }[] };
    const ids = orphaned.rows.map((row) => row.id);
    if (ids.length === 0) return;
    await boss.fail(queue, ids);
    log.warn({ jobs: ids.length }, 'jobs of a silent instance handed back to the queue');
  };

  const beatOnce = async () => {
    const jobIds = deps.jobsInHand();
    await db
      .insert(jobInstances)
      .values({ id: instanceId, jobIds })
      .onConflictDoUpdate({ target: jobInstances.id, set: { heartbeatAt: sql`now()`, jobIds } });
    await handBackJobsOfSilentInstances();
  };

  const beat = async () => {
    if (stopped) return;
    // One heartbeat at a time; a beat asked for during another follows it.
    const previous = beating ?? Promise.resolve();
    const next = previous.then(beatOnce).catch((error: unknown) => log.warn({ err: error }, 'job heartbeat failed'));
    beating = next;
    await next;
  };

  const timer = setInterval(() => void beat(), everySeconds * 1000);
  timer.unref();
  void beat();

  return {
    instanceId,
    beat,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
      // Gone from the list at once; if the database is already closing, the others remove it later.
      await db
        .delete(jobInstances)
        .where(eq(jobInstances.id, instanceId))
        .catch((error: unknown) => log.warn({ err: error }, 'job heartbeat not removed'));
    },
  };
}
