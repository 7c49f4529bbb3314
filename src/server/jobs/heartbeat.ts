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
 * Each instance writes a heartbeat with the class-draft jobs it holds every `everySeconds`, and
 * hands back the jobs of any instance whose heartbeat stopped `MISSED_HEARTBEATS` beats ago (it was
 * killed or froze): they go back to the queue as a failed try, so another instance takes them at
 * once instead of after the job's expiry (decision 035). Jobs taken after the dead instance's last
 * heartbeat are someone else's and are left alone.
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
    const silent = await db
      .delete(jobInstances)
      .where(sql`${jobInstances.heartbeatAt} < now() - make_interval(secs => ${silentSeconds})`)
      .returning();
    for (const instance of silent) {
      if (instance.jobIds.length === 0) continue;
      const held = (await boss
        .getDb()
        .executeSql(
          `select id from pgboss.job where name = $1 and id = any($2::uuid[]) and state = 'active' and started_on <= $3`,
          [queue, instance.jobIds, instance.heartbeatAt.toISOString()],
        )) as { rows: { id: string }[] };
      const ids = held.rows.map((row) => row.id);
      if (ids.length === 0) continue;
      await boss.fail(queue, ids);
      log.warn({ instance: instance.id, jobs: ids.length }, 'jobs of a silent instance handed back to the queue');
    }
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
