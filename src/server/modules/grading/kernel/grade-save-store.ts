import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { decrypt, encrypt } from '@/server/core/crypto';
import type { Database } from '@/server/db/connection';
import { gradeSaves } from '@/server/db/schema';

/** What Canvas held before Margin's last save of a grade, for Undo: the grade, and the comment as it was. */
const gradeUndoSchema = z.object({
  /** Canvas's `posted_grade` to put back; null when there was no grade (Undo clears it). */
  postedGrade: z.string().nullable(),
  /** The comment Margin's save wrote: deleted on Undo when it was new, else its old text put back. */
  comment: z
    .discriminatedUnion('was', [
      z.object({ was: z.literal('new'), id: z.number() }),
      z.object({ was: z.literal('edited'), id: z.number(), text: z.string() }),
    ])
    .nullable(),
});
export type UndoRecord = z.infer<typeof gradeUndoSchema>;

/**
 * What a quiz attempt held before Margin's last save of its questions, for Undo: each question's
 * points (null while it waited for a person: Undo sets it waiting again) and comment (null: none).
 */
const quizUndoSchema = z.object({
  attempt: z.number(),
  questions: z.array(
    z.object({ questionId: z.number(), points: z.number().nullable(), comment: z.string().nullable() }),
  ),
});
export type QuizUndoRecord = z.infer<typeof quizUndoSchema>;

const undoSchema = z.union([gradeUndoSchema, quizUndoSchema]);
export type AnyUndoRecord = z.infer<typeof undoSchema>;

export function isQuizUndo(undo: AnyUndoRecord | null): undo is QuizUndoRecord {
  return undo !== null && 'questions' in undo;
}

export function isGradeUndo(undo: AnyUndoRecord | null): undo is UndoRecord {
  return undo !== null && 'postedGrade' in undo;
}

export type GradeSave = { commentId: number | null; paidPeriod: string | null; undo: AnyUndoRecord | null };

/** Margin's last save per teacher, screen and student (decision 051); the undo part sealed like drafts. */
export function createGradeSaveStore(db: Database, key: Buffer) {
  const where = (userId: string, scope: string, subject: string) =>
    and(eq(gradeSaves.userId, userId), eq(gradeSaves.scope, scope), eq(gradeSaves.subject, subject));
  return {
    async get(userId: string, scope: string, subject: string): Promise<GradeSave | null> {
      const [row] = await db
        .select()
        .from(gradeSaves)
        .where(where(userId, scope, subject));
      if (!row) return null;
      let undo: AnyUndoRecord | null = null;
      if (row.sealedUndo) {
        try {
          undo = undoSchema.parse(JSON.parse(decrypt(key, row.sealedUndo)));
        } catch {
          // Sealed with an older secret: Undo is simply not offered.
        }
      }
      return { commentId: row.commentId, paidPeriod: row.paidPeriod, undo };
    },

    async put(userId: string, scope: string, subject: string, save: GradeSave, now = new Date()) {
      const values = {
        commentId: save.commentId,
        paidPeriod: save.paidPeriod,
        sealedUndo: save.undo ? encrypt(key, JSON.stringify(save.undo)) : null,
        updatedAt: now,
      };
      await db
        .insert(gradeSaves)
        .values({ userId, scope, subject, ...values })
        .onConflictDoUpdate({ target: [gradeSaves.userId, gradeSaves.scope, gradeSaves.subject], set: values });
    },
  };
}

export type GradeSaveStore = ReturnType<typeof createGradeSaveStore>;
