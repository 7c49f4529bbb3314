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
  draftClassStudent,
  WHOLE_CLASS_CONCURRENCY,
  type ClassDraftQueue,
} from '@/server/modules/grading/assignments/draft-whole-class';
import type { ClassDraftTask } from '@/server/modules/grading/kernel/class-draft-queue';
import { startJobQueue } from './queue';
import { classDraftAbandonedQueue, classDraftJob } from './definitions/class-draft';
import { draftPurgeJob, DRAFT_PURGE_CRON } from './definitions/draft-purge';
import { mailRetryJob, MAIL_RETRY_CRON } from './definitions/mail-retry';
import { welcomeMailJob } from './definitions/welcome-mail';
import { startClassDraftWorker, type ClassDraftWorker } from './class-draft-worker';
import { fairPriorities } from './fair-queue';
import { startHeartbeat, type Heartbeat } from './heartbeat';

/** Every durable job, by queue name (each defined in definitions/). */
export const QUEUES = {
  classDraft: classDraftJob.name,
  /** Students whose job failed every retry (their server died each time): counted as failed. */
  classDraftAbandoned: classDraftAbandonedQueue,
  welcomeMail: welcomeMailJob.name,
  mailRetry: mailRetryJob.name,
  draftPurge: draftPurgeJob.name,
} as const;

/** What the teacher reads when a student's job was tried on several instances and each one stopped. */
export const ABANDONED_REASON =
  'The server drafting some students stopped each time it tried. Draft those students on their own.';
/** The welcome mail is requested a second after sign-up (spec part 1 §4). */
const WELCOME_MAIL_DELAY_SECONDS = 1;
/** Slots of an instance that one teacher's runs leave to other teachers. */
const SLOTS_KEPT_FOR_OTHERS = 4;
/** Tries of one student's job: a first, and two more after instances that died holding it. */
const CLASS_DRAFT_RETRIES = 2;

export type Jobs = {
  classDrafts: ClassDraftQueue;
  sendWelcomeMail(user: UserRecord): Promise<void>;
  /** The database and the queue answer, and this instance is not shutting down. */
  isReady(): Promise<boolean>;
  /**
   * Starts taking work. Called once the app is ready, and returns at once: taking jobs never holds
   * up a starting instance, which answers /healthz before its first job.
   */
  startWorkers(): void;
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
  /** The drafter for one teacher (decision 063). */
  drafterFor: (teacherId: string) => Promise<GradeDrafter>;
  drafts: DraftStore;
};

/** Starts the queue and its schedules; `startWorkers` then starts this instance's workers. */
export async function startJobs(deps: JobDeps): Promise<Jobs> {
  const { config, log } = deps;
  const budget = { runSeconds: config.jobs.runBudgetSeconds, draftSeconds: config.jobs.draftBudgetSeconds };
  const { boss, detach } = await startJobQueue(deps.db, log, { expireSeconds: config.jobs.expireSeconds });
  let stopping = false;

  await boss.createQueue(QUEUES.classDraftAbandoned);
  // A job whose instance died is tried again elsewhere; a draft that fails is counted, not retried.
  // Its expiry backs up the heartbeat: a little over its budget, never longer than any job's.
  const classDraftQueue = {
    name: QUEUES.classDraft,
    retryLimit: CLASS_DRAFT_RETRIES,
    retryDelay: 1,
    deadLetter: QUEUES.classDraftAbandoned,
    expireInSeconds: Math.min(config.jobs.expireSeconds, budget.draftSeconds + 30),
  };
  await boss.createQueue(QUEUES.classDraft, classDraftQueue);
  await boss.updateQueue(QUEUES.classDraft, classDraftQueue);
  await boss.createQueue(QUEUES.welcomeMail, {
    name: QUEUES.welcomeMail,
    retryLimit: 5,
    retryDelay: 15,
    retryBackoff: true,
  });
  await boss.createQueue(QUEUES.mailRetry, { name: QUEUES.mailRetry, retryLimit: 0 });
  await boss.createQueue(QUEUES.draftPurge, { name: QUEUES.draftPurge, retryLimit: 0 });
  await boss.schedule(QUEUES.mailRetry, MAIL_RETRY_CRON, mailRetryJob.write({}));
  await boss.schedule(QUEUES.draftPurge, DRAFT_PURGE_CRON, draftPurgeJob.write({}));

  let classDraftWorker: ClassDraftWorker | null = null;
  let heartbeat: Heartbeat | null = null;
  let workersStarted: Promise<void> | null = null;

  const startWorkers = async () => {
    const readClass = createClassReader(deps.canvas);
    classDraftWorker = startClassDraftWorker({
      boss,
      drafts: deps.drafts,
      log,
      budget,
      // One teacher's run drafts 8 at a time; four more slots are kept for other teachers (decision 036).
      slots: WHOLE_CLASS_CONCURRENCY + SLOTS_KEPT_FOR_OTHERS,
      slotsPerTeacher: WHOLE_CLASS_CONCURRENCY,
      pollingSeconds: 1,
      draft: (task, signal) =>
        draftClassStudent(
          { db: deps.db, drafterFor: deps.drafterFor, readClass, drafts: deps.drafts, log },
          task,
          signal,
        ),
      onTaken: () => void heartbeat?.beat(),
    });
    const worker = classDraftWorker;
    heartbeat = startHeartbeat({
      db: deps.db,
      boss,
      log,
      queue: QUEUES.classDraft,
      everySeconds: config.jobs.heartbeatSeconds,
      jobsInHand: () => worker.inHand(),
    });
    await boss.work<unknown>(
      QUEUES.classDraftAbandoned,
      { batchSize: 20, pollingIntervalSeconds: 5 },
      async (batch) => {
        for (const job of batch) {
          const task = job.data as Partial<ClassDraftTask> | null;
          if (typeof task?.runId !== 'string' || typeof task.studentId !== 'number') continue;
          await deps.drafts.recordJobProgress(task.runId, task.studentId, 'failed', ABANDONED_REASON);
        }
      },
    );
    await boss.work<unknown>(QUEUES.welcomeMail, { pollingIntervalSeconds: 1 }, async ([job]) => {
      if (!job) return;
      const user = await deps.authStore.findUser(welcomeMailJob.read(job.data).userId);
      if (user) await deps.mailer.send(welcomeMail(user, config));
    });
    await boss.work(QUEUES.mailRetry, { pollingIntervalSeconds: 5 }, async () => {
      await deps.mailer.deliverDue();
    });
    await boss.work(QUEUES.draftPurge, { pollingIntervalSeconds: 5 }, async () => {
      const removed = await deps.drafts.deleteExpired();
      if (removed > 0) log.info({ removed }, 'expired drafts deleted');
    });
  };

  return {
    queue: boss,
    classDrafts: {
      async enqueue(tasks) {
        const first = tasks[0];
        if (!first) return;
        const priorities = await fairPriorities(boss, QUEUES.classDraft, first.userId, tasks.length);
        await boss.insert(
          tasks.map((task, index) => ({
            name: QUEUES.classDraft,
            data: classDraftJob.write(task),
            priority: priorities[index] ?? 0,
          })),
        );
        // This instance starts at once; the others find the rest at their next poll.
        classDraftWorker?.wake();
      },
    },
    async sendWelcomeMail(user) {
      await boss.send(QUEUES.welcomeMail, welcomeMailJob.write({ userId: user.id }), {
        startAfter: WELCOME_MAIL_DELAY_SECONDS,
        singletonKey: user.id,
      });
    },
    startWorkers() {
      if (stopping || workersStarted) return;
      workersStarted = startWorkers().catch((error: unknown) =>
        log.error({ err: error }, 'job workers failed to start'),
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
      await workersStarted;
      const timeoutMs = config.jobs.shutdownSeconds * 1000;
      // Stop taking class drafts, wait for those in hand, hand the rest back to another instance.
      await classDraftWorker?.stop(timeoutMs);
      await heartbeat?.stop();
      // pg-boss stops fetching, waits for the jobs in hand, then fails what is left so another instance retries it.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      detach();
    },
  };
}
