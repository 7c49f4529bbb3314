import { mapInSlices } from '@/server/core/in-slices';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { draftResponseSchema, type DraftJob, type DraftResponse } from '@/shared/schemas/grading';
import { decrypt, encrypt } from '@/server/core/crypto';
import type { Database } from '@/server/db/connection';
import { draftJobs, gradingDrafts } from '@/server/db/schema';

export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** A whole-class run's time budget: its students not drafted by then are counted failed. */
export type RunBudget = { runSeconds: number; draftSeconds: number };
const DEFAULT_RUN_BUDGET: RunBudget = { runSeconds: 90 * 60, draftSeconds: 120 };

/** What the teacher reads when a run's time ran out before every student was drafted. */
export const runOverBudgetReason = (budget: RunBudget) =>
  `The run took longer than its ${Math.round(budget.runSeconds / 60)} minutes, so the students not drafted by then were stopped. Draft them one at a time, or start the class again.`;

/**
 * Encrypted, expiring drafts and the progress of whole-class runs. `lifetimeFor` says how long one
 * teacher's drafts are kept (her institution may keep them less than a day, decision 063).
 */
export function createDraftStore(
  db: Database,
  key: Buffer,
  budget: RunBudget = DEFAULT_RUN_BUDGET,
  lifetimeFor: (userId: string) => Promise<number> = async () => DRAFT_LIFETIME_MS,
) {
  /**
   * A run still open after its budget and one more draft's (its last students may still be in
   * hand) lost its jobs somewhere: it is closed, its missing students counted failed with a reason.
   */
  const closeOverdueRuns = async (userId: string, scope: string) => {
    const overdueSeconds = budget.runSeconds + budget.draftSeconds;
    await db
      .update(draftJobs)
      .set({
        status: 'finished',
        failed: sql`${draftJobs.total} - ${draftJobs.completed}`,
        failureReason: runOverBudgetReason(budget),
        finishedAt: sql`now()`,
      })
      .where(
        and(
          eq(draftJobs.userId, userId),
          eq(draftJobs.scope, scope),
          eq(draftJobs.status, 'running'),
          sql`${draftJobs.createdAt} < now() - make_interval(secs => ${overdueSeconds})`,
        ),
      );
  };

  const store = {
    async save(userId: string, scope: string, studentId: number, draft: DraftResponse, now = new Date()) {
      const sealedDraft = encrypt(key, JSON.stringify(draft));
      const expiresAt = new Date(now.getTime() + (await lifetimeFor(userId)));
      await db
        .insert(gradingDrafts)
        .values({ userId, scope, studentId: String(studentId), sealedDraft, createdAt: now, expiresAt })
        .onConflictDoUpdate({
          target: [gradingDrafts.userId, gradingDrafts.scope, gradingDrafts.studentId],
          set: { sealedDraft, createdAt: now, expiresAt },
        });
    },

    /**
     * The drafts kept on one screen; with `since`, only those made after it (a run's progress is
     * asked for every second or two, and a lecture's drafts are megabytes). Opened a slice at a time.
     */
    async list(
      userId: string,
      scope: string,
      options: { now?: Date; since?: Date } = {},
    ): Promise<Record<string, DraftResponse>> {
      const now = options.now ?? new Date();
      const rows = await db
        .select()
        .from(gradingDrafts)
        .where(
          and(
            eq(gradingDrafts.userId, userId),
            eq(gradingDrafts.scope, scope),
            gt(gradingDrafts.expiresAt, now),
            options.since ? gt(gradingDrafts.createdAt, options.since) : undefined,
          ),
        );
      const drafts: Record<string, DraftResponse> = {};
      await mapInSlices(rows, (row) => {
        try {
          drafts[row.studentId] = draftResponseSchema.parse(JSON.parse(decrypt(key, row.sealedDraft)));
        } catch {
          // Sealed with an older secret or schema: the teacher simply drafts again.
        }
      });
      return drafts;
    },

    /** One student's stored draft, if it has not expired. */
    async get(userId: string, scope: string, studentId: number, now = new Date()): Promise<DraftResponse | null> {
      const [row] = await db
        .select()
        .from(gradingDrafts)
        .where(
          and(
            eq(gradingDrafts.userId, userId),
            eq(gradingDrafts.scope, scope),
            eq(gradingDrafts.studentId, String(studentId)),
            gt(gradingDrafts.expiresAt, now),
          ),
        );
      if (!row) return null;
      try {
        return draftResponseSchema.parse(JSON.parse(decrypt(key, row.sealedDraft)));
      } catch {
        return null;
      }
    },

    async remove(userId: string, scope: string, studentId: number) {
      await db
        .delete(gradingDrafts)
        .where(
          and(
            eq(gradingDrafts.userId, userId),
            eq(gradingDrafts.scope, scope),
            eq(gradingDrafts.studentId, String(studentId)),
          ),
        );
    },

    async deleteExpired(now = new Date()): Promise<number> {
      const removed = await db
        .delete(gradingDrafts)
        .where(lt(gradingDrafts.expiresAt, now))
        .returning({ id: gradingDrafts.studentId });
      return removed.length;
    },

    /**
     * Records a new run, or finds the one already in progress for this teacher and assignment
     * (one partial unique index, so two instances starting at once still get one run).
     */
    async startJob(userId: string, scope: string, total: number): Promise<{ job: DraftJob; created: boolean }> {
      const [row] = await db
        .insert(draftJobs)
        .values({
          userId,
          scope,
          total,
          status: total === 0 ? 'finished' : 'running',
          finishedAt: total === 0 ? new Date() : null,
        })
        .onConflictDoNothing({ target: [draftJobs.userId, draftJobs.scope], where: sql`status = 'running'` })
        .returning();
      if (row) return { job: toJob(row), created: true };
      const running = await store.runningJob(userId, scope);
      if (running) return { job: running, created: false };
      // The run in progress finished between the insert and the read: start again.
      return store.startJob(userId, scope, total);
    },

    async runningJob(userId: string, scope: string): Promise<DraftJob | null> {
      await closeOverdueRuns(userId, scope);
      const [row] = await db
        .select()
        .from(draftJobs)
        .where(and(eq(draftJobs.userId, userId), eq(draftJobs.scope, scope), eq(draftJobs.status, 'running')))
        .limit(1);
      return row ? toJob(row) : null;
    },

    /** A run that could not be queued is withdrawn, as if never started. */
    async withdrawJob(jobId: string) {
      await db.delete(draftJobs).where(eq(draftJobs.id, jobId));
    },

    /**
     * Whether a run still takes drafts: running and within its time budget. Null when the run is
     * gone; otherwise the reason its students are not drafted any more, or 'open'.
     */
    async runState(jobId: string): Promise<'open' | 'closed' | 'over-budget' | null> {
      const [row] = await db
        .select({
          status: draftJobs.status,
          overBudget: sql<boolean>`${draftJobs.createdAt} < now() - make_interval(secs => ${budget.runSeconds})`,
        })
        .from(draftJobs)
        .where(eq(draftJobs.id, jobId));
      if (!row) return null;
      if (row.status !== 'running') return 'closed';
      return row.overBudget ? 'over-budget' : 'open';
    },

    /**
     * Counts one student's outcome, once, while the run is open: a job retried after its instance
     * died does not count the student again. The student who completes the count finishes the run.
     * A failure may carry the reason the teacher reads on the run.
     */
    async recordJobProgress(jobId: string, studentId: number, outcome: 'completed' | 'failed', reason?: string) {
      const student = String(studentId);
      const completed = outcome === 'completed' ? sql`${draftJobs.completed} + 1` : sql`${draftJobs.completed}`;
      const failed = outcome === 'failed' ? sql`${draftJobs.failed} + 1` : sql`${draftJobs.failed}`;
      const done = sql`${completed} + ${failed} >= ${draftJobs.total}`;
      await db
        .update(draftJobs)
        .set({
          completed: sql`${completed}`,
          failed: sql`${failed}`,
          countedStudents: sql`array_append(${draftJobs.countedStudents}, ${student})`,
          status: sql`case when ${draftJobs.status} = 'running' and ${done} then 'finished' else ${draftJobs.status} end`,
          finishedAt: sql`case when ${draftJobs.status} = 'running' and ${done} then now() else ${draftJobs.finishedAt} end`,
          ...(outcome === 'failed' && reason ? { failureReason: reason } : {}),
        })
        .where(
          and(
            eq(draftJobs.id, jobId),
            eq(draftJobs.status, 'running'),
            sql`not (${student} = any(${draftJobs.countedStudents}))`,
          ),
        );
    },

    /** The latest run as the database has it: a run whose server died stays running until another instance finishes it. */
    async latestJob(userId: string, scope: string): Promise<DraftJob | null> {
      await closeOverdueRuns(userId, scope);
      const [row] = await db
        .select()
        .from(draftJobs)
        .where(and(eq(draftJobs.userId, userId), eq(draftJobs.scope, scope)))
        .orderBy(sql`${draftJobs.createdAt} desc`)
        .limit(1);
      return row ? toJob(row) : null;
    },
  };
  return store;
}

function toJob(row: typeof draftJobs.$inferSelect): DraftJob {
  return {
    id: row.id,
    total: row.total,
    completed: row.completed,
    failed: row.failed,
    status: row.status,
    reason: row.failed > 0 ? row.failureReason : null,
  };
}

export type DraftStore = ReturnType<typeof createDraftStore>;
