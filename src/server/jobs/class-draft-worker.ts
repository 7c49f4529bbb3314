import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import { runOverBudgetReason, type DraftStore, type RunBudget } from '@/server/modules/grading/kernel/draft-store';
import type { ClassDraftTask } from '@/server/modules/grading/kernel/class-draft-queue';
import { classDraftJob } from './definitions/class-draft';
import { claimNextJob } from './fair-queue';

/** What the teacher reads when one student's draft went over its time budget. */
export const draftOverBudgetReason = (seconds: number) =>
  `A draft took longer than ${seconds} seconds and was stopped. Draft that student on their own.`;
/** What the teacher reads when a queued student could not be read (a payload this version cannot use). */
export const UNREADABLE_JOB_REASON =
  'A student could not be drafted after an update of Margin. Draft them on their own.';

export type ClassDraftWorker = {
  /** Look for work now (jobs were just queued) instead of at the next poll. */
  wake(): void;
  /** The queue's ids of the jobs in hand (the heartbeat's list). */
  inHand(): string[];
  /** Stops taking jobs, waits for those in hand up to `timeoutMs`, then hands the rest back. */
  stop(timeoutMs: number): Promise<void>;
};

/**
 * Takes class-draft jobs one slot at a time: up to `slots` students in hand, at most
 * `slotsPerTeacher` of one teacher (the rest wait for other teachers' runs), and a freed slot is
 * filled at once (a slow draft holds back nobody else, and the run's progress moves with every
 * draft). Each job has a time budget: a draft over it is stopped, counted failed with a
 * reason the teacher reads, and completed, so it is never taken up again; a job whose run is over
 * its own budget (or finished) is counted without drafting. A job that throws (Canvas could not
 * be read) goes back to the queue for another try.
 */
export function startClassDraftWorker(deps: {
  boss: PgBoss;
  drafts: DraftStore;
  log: FastifyBaseLogger;
  budget: RunBudget;
  slots: number;
  slotsPerTeacher: number;
  pollingSeconds: number;
  draft(task: ClassDraftTask, signal: AbortSignal): Promise<void>;
  /** Called when new jobs were taken (the heartbeat records them). */
  onTaken(): void;
}): ClassDraftWorker {
  const { boss, drafts, log, budget, slots, slotsPerTeacher } = deps;
  const queue = classDraftJob.name;
  const inHand = new Map<string, { abort: AbortController; done: Promise<void>; teacher: string }>();
  let stopping = false;
  let fetching: Promise<void> | null = null;
  let fetchAgain = false;

  const handle = async (job: { id: string; data: unknown }, abort: AbortController) => {
    let task: ClassDraftTask;
    try {
      task = classDraftJob.read(job.data);
    } catch (error) {
      log.error({ err: error, job: job.id }, 'a class-draft job could not be read');
      const stored = job.data as Partial<ClassDraftTask> | null;
      if (typeof stored?.runId === 'string' && typeof stored.studentId === 'number') {
        await drafts.recordJobProgress(stored.runId, stored.studentId, 'failed', UNREADABLE_JOB_REASON);
      }
      return;
    }
    const state = await drafts.runState(task.runId);
    if (state === null || state === 'closed') return;
    if (state === 'over-budget') {
      await drafts.recordJobProgress(task.runId, task.studentId, 'failed', runOverBudgetReason(budget));
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const overBudget = new Promise<'over'>((resolve) => {
      timer = setTimeout(() => resolve('over'), budget.draftSeconds * 1000);
    });
    try {
      const outcome = await Promise.race([deps.draft(task, abort.signal).then(() => 'done' as const), overBudget]);
      if (outcome === 'over') {
        abort.abort();
        log.warn({ runId: task.runId, studentId: task.studentId }, 'a class draft went over its time budget');
        await drafts.recordJobProgress(
          task.runId,
          task.studentId,
          'failed',
          draftOverBudgetReason(budget.draftSeconds),
        );
      }
    } finally {
      clearTimeout(timer);
    }
  };

  const start = (job: { id: string; data: unknown }) => {
    const abort = new AbortController();
    const done = handle(job, abort)
      .then(
        () => boss.complete(queue, job.id),
        (error: unknown) => {
          log.warn({ err: error, job: job.id }, 'a class-draft job will be tried again');
          return boss.fail(queue, job.id, { message: error instanceof Error ? error.message : String(error) });
        },
      )
      .catch((error: unknown) => log.error({ err: error, job: job.id }, 'a class-draft job could not be closed'))
      .finally(() => {
        inHand.delete(job.id);
        wake();
      });
    const teacher = (job.data as { userId?: unknown } | null)?.userId;
    inHand.set(job.id, { abort, done, teacher: typeof teacher === 'string' ? teacher : '' });
  };

  const busyTeachers = () => {
    const count = new Map<string, number>();
    for (const { teacher } of inHand.values()) count.set(teacher, (count.get(teacher) ?? 0) + 1);
    return [...count].filter(([, held]) => held >= slotsPerTeacher).map(([teacher]) => teacher);
  };

  const fill = async () => {
    while (!stopping && inHand.size < slots) {
      const job = await claimNextJob(boss, queue, busyTeachers());
      if (!job) return;
      start(job);
      deps.onTaken();
    }
  };

  function wake() {
    if (stopping) return;
    if (fetching) {
      fetchAgain = true;
      return;
    }
    fetching = (async () => {
      do {
        fetchAgain = false;
        await fill().catch((error: unknown) => log.warn({ err: error }, 'class-draft jobs could not be fetched'));
      } while (fetchAgain && !stopping);
    })().finally(() => (fetching = null));
  }

  const poll = setInterval(wake, deps.pollingSeconds * 1000);
  poll.unref();
  wake();

  return {
    wake,
    inHand: () => [...inHand.keys()],
    async stop(timeoutMs) {
      stopping = true;
      clearInterval(poll);
      await fetching;
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all([...inHand.values()].map((entry) => entry.done)), timeout]);
      clearTimeout(timer);
      const left = [...inHand.keys()];
      for (const entry of inHand.values()) entry.abort.abort();
      // Jobs still in hand go back to the queue for another instance.
      // If that fails (the database is closing), they expire and come back all the same.
      if (left.length > 0) {
        await boss
          .fail(queue, left)
          .catch((error: unknown) => log.warn({ err: error }, 'class-draft jobs not handed back'));
      }
    },
  };
}
