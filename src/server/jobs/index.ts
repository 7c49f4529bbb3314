import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '@/server/config';
import type { Database } from '@/server/db/connection';
import type { GradeDrafter } from '@/server/modules/grading/kernel/drafter-port';
import type { Mailer } from '@/server/adapters/mail/mailer';
import type { AuthStore, UserRecord } from '@/server/modules/auth/auth-store';
import { welcomeMail } from '@/server/modules/auth/welcome-mail';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import type { DraftStore } from '@/server/modules/grading/kernel/draft-store';
import {
  createClassReader,
  draftClassStudents,
  WHOLE_CLASS_CONCURRENCY,
  type ClassDraftQueue,
  type ClassDraftTask,
} from '@/server/modules/grading/assignments/draft-whole-class';
import { startJobQueue } from './queue';

/** Every durable job, by queue name. */
export const QUEUES = {
  classDraft: 'class-draft',
  /** Students whose job failed every retry (their server died each time): counted as failed. */
  classDraftAbandoned: 'class-draft-abandoned',
  welcomeMail: 'welcome-mail',
  mailRetry: 'mail-retry',
  draftPurge: 'draft-purge',
} as const;

/** Mail due for another attempt is sent every minute (the queue's finest schedule). */
const MAIL_RETRY_CRON = '* * * * *';
/** Drafts older than 24 hours are deleted, not just hidden: every hour. */
const DRAFT_PURGE_CRON = '7 * * * *';
/** The welcome mail is requested a second after sign-up (spec part 1 §4). */
const WELCOME_MAIL_DELAY_SECONDS = 1;

export type Jobs = {
  classDrafts: ClassDraftQueue;
  sendWelcomeMail(user: UserRecord): Promise<void>;
  /** The database and the queue answer, and this instance is not shutting down. */
  isReady(): Promise<boolean>;
  /** Stops taking work, waits for the jobs in hand up to the timeout, then hands the rest back. */
  stop(): Promise<void>;
  readonly queue: PgBoss;
};

export type JobDeps = {
  config: Config;
  db: Database;
  log: FastifyBaseLogger;
  mailer: Mailer;
  authStore: AuthStore;
  canvas: CanvasAccess;
  gradeDrafter: GradeDrafter;
  drafts: DraftStore;
};

/** Starts the queue and this instance's workers and schedules. */
export async function startJobs(deps: JobDeps): Promise<Jobs> {
  const { config, log } = deps;
  const { boss, detach } = await startJobQueue(deps.db, log, { expireSeconds: config.jobs.expireSeconds });
  let stopping = false;

  await boss.createQueue(QUEUES.classDraftAbandoned);
  // A job whose instance died is retried elsewhere; a draft that fails is counted, not retried.
  await boss.createQueue(QUEUES.classDraft, {
    name: QUEUES.classDraft,
    retryLimit: 3,
    retryDelay: 1,
    deadLetter: QUEUES.classDraftAbandoned,
  });
  await boss.createQueue(QUEUES.welcomeMail, {
    name: QUEUES.welcomeMail,
    retryLimit: 5,
    retryDelay: 15,
    retryBackoff: true,
  });
  await boss.createQueue(QUEUES.mailRetry, { name: QUEUES.mailRetry, retryLimit: 0 });
  await boss.createQueue(QUEUES.draftPurge, { name: QUEUES.draftPurge, retryLimit: 0 });
  await boss.schedule(QUEUES.mailRetry, MAIL_RETRY_CRON);
  await boss.schedule(QUEUES.draftPurge, DRAFT_PURGE_CRON);

  const readClass = createClassReader(deps.canvas);
  const classDraftWorker = await boss.work<ClassDraftTask>(
    QUEUES.classDraft,
    { batchSize: WHOLE_CLASS_CONCURRENCY, pollingIntervalSeconds: 1 },
    (batch) =>
      draftClassStudents(
        { engine: deps.gradeDrafter, readClass, drafts: deps.drafts, log },
        batch.map((job) => job.data),
      ),
  );
  await boss.work<ClassDraftTask>(
    QUEUES.classDraftAbandoned,
    { batchSize: 20, pollingIntervalSeconds: 5 },
    async (batch) => {
      for (const job of batch) await deps.drafts.recordJobProgress(job.data.runId, job.data.studentId, 'failed');
    },
  );
  await boss.work<{ userId: string }>(QUEUES.welcomeMail, { pollingIntervalSeconds: 1 }, async ([job]) => {
    const user = job && (await deps.authStore.findUser(job.data.userId));
    if (user) await deps.mailer.send(welcomeMail(user, config));
  });
  await boss.work(QUEUES.mailRetry, { pollingIntervalSeconds: 5 }, async () => {
    await deps.mailer.deliverDue();
  });
  await boss.work(QUEUES.draftPurge, { pollingIntervalSeconds: 5 }, async () => {
    const removed = await deps.drafts.deleteExpired();
    if (removed > 0) log.info({ removed }, 'expired drafts deleted');
  });

  return {
    queue: boss,
    classDrafts: {
      async enqueue(tasks) {
        await boss.insert(tasks.map((data) => ({ name: QUEUES.classDraft, data })));
        // This instance starts at once; the others find the rest at their next poll.
        boss.notifyWorker(classDraftWorker);
      },
    },
    async sendWelcomeMail(user) {
      await boss.send(
        QUEUES.welcomeMail,
        { userId: user.id },
        { startAfter: WELCOME_MAIL_DELAY_SECONDS, singletonKey: user.id },
      );
    },
    async isReady() {
      if (stopping) return false;
      try {
        await deps.db.execute(sql`select 1`);
        await boss.getDb().executeSql('select 1 from pgboss.version', []);
        return true;
      } catch {
        return false;
      }
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      // pg-boss stops fetching, waits for the jobs in hand, then fails what is left so another instance retries it.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: config.jobs.shutdownSeconds * 1000 });
      detach();
    },
  };
}
