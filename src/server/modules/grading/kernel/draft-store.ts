import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { draftResponseSchema, type DraftJob, type DraftResponse } from '@/shared/schemas/grading';
import { decrypt, encrypt } from '@/server/core/crypto';
import type { Database } from '@/server/db/connection';
import { draftJobs, gradingDrafts } from '@/server/db/schema';

export const DRAFT_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A run not finished after this long died with its server; it is reported as finished. */
const STALE_JOB_MS = 30 * 60 * 1000;

/** Encrypted, expiring drafts and the progress of whole-class runs. */
export function createDraftStore(db: Database, key: Buffer) {
  return {
    async save(userId: string, scope: string, studentId: number, draft: DraftResponse, now = new Date()) {
      const sealedDraft = encrypt(key, JSON.stringify(draft));
      const expiresAt = new Date(now.getTime() + DRAFT_LIFETIME_MS);
      await db
        .insert(gradingDrafts)
        .values({ userId, scope, studentId: String(studentId), sealedDraft, createdAt: now, expiresAt })
        .onConflictDoUpdate({
          target: [gradingDrafts.userId, gradingDrafts.scope, gradingDrafts.studentId],
          set: { sealedDraft, createdAt: now, expiresAt },
        });
    },

    async list(userId: string, scope: string, now = new Date()): Promise<Record<string, DraftResponse>> {
      const rows = await db
        .select()
        .from(gradingDrafts)
        .where(and(eq(gradingDrafts.userId, userId), eq(gradingDrafts.scope, scope), gt(gradingDrafts.expiresAt, now)));
      const drafts: Record<string, DraftResponse> = {};
      for (const row of rows) {
        try {
          drafts[row.studentId] = draftResponseSchema.parse(JSON.parse(decrypt(key, row.sealedDraft)));
        } catch {
          // Sealed with an older secret or schema: the teacher simply drafts again.
        }
      }
      return drafts;
    },

    async remove(userId: string, scope: string, studentId: number) {
      await db
        .delete(gradingDrafts)
        .where(and(eq(gradingDrafts.userId, userId), eq(gradingDrafts.scope, scope), eq(gradingDrafts.studentId, String(studentId))));
    },

    async deleteExpired(now = new Date()): Promise<number> {
      const removed = await db.delete(gradingDrafts).where(lt(gradingDrafts.expiresAt, now)).returning({ id: gradingDrafts.studentId });
      return removed.length;
    },

    async createJob(userId: string, scope: string, total: number): Promise<DraftJob> {
      const [row] = await db.insert(draftJobs).values({ userId, scope, total, status: total === 0 ? 'finished' : 'running' }).returning();
      return toJob(row!);
    },

    async recordJobProgress(jobId: string, outcome: 'completed' | 'failed') {
      await db
        .update(draftJobs)
        .set(outcome === 'completed' ? { completed: sql`${draftJobs.completed} + 1` } : { failed: sql`${draftJobs.failed} + 1` })
        .where(eq(draftJobs.id, jobId));
    },

    async finishJob(jobId: string) {
      await db.update(draftJobs).set({ status: 'finished', finishedAt: new Date() }).where(eq(draftJobs.id, jobId));
    },

    async latestJob(userId: string, scope: string, now = new Date()): Promise<DraftJob | null> {
      const [row] = await db
        .select()
        .from(draftJobs)
        .where(and(eq(draftJobs.userId, userId), eq(draftJobs.scope, scope)))
        .orderBy(sql`${draftJobs.createdAt} desc`)
        .limit(1);
      if (!row) return null;
      if (row.status === 'running' && now.getTime() - row.createdAt.getTime() > STALE_JOB_MS) return { ...toJob(row), status: 'finished' };
      return toJob(row);
    },
  };
}

function toJob(row: typeof draftJobs.$inferSelect): DraftJob {
  return { id: row.id, total: row.total, completed: row.completed, failed: row.failed, status: row.status };
}

export type DraftStore = ReturnType<typeof createDraftStore>;
