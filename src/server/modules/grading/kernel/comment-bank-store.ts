import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BankedComment } from '@/shared/schemas/comment-bank';
import type { Database } from '@/server/db/connection';
import { commentBank } from '@/server/db/schema';

/** Kept comments per screen, at most this many (the least used unpinned ones give way). */
export const BANK_LIMIT = 60;

type Row = typeof commentBank.$inferSelect;
const toComment = (row: Row): BankedComment => ({
  id: row.id,
  text: row.text,
  pinned: row.pinned,
  uses: row.uses,
  updated_at: row.updatedAt.toISOString(),
});

/** The teacher's comment bank (decision 061): her words, per grading screen, never a student's. */
export function createCommentBankStore(db: Database) {
  const mine = (userId: string, id: string) => and(eq(commentBank.userId, userId), eq(commentBank.id, id));
  return {
    async list(userId: string, scope: string): Promise<BankedComment[]> {
      const rows = await db
        .select()
        .from(commentBank)
        .where(and(eq(commentBank.userId, userId), eq(commentBank.scope, scope)))
        .orderBy(desc(commentBank.pinned), desc(commentBank.uses), desc(commentBank.updatedAt), asc(commentBank.id));
      return rows.map(toComment);
    },

    /** Keeps a comment, or counts one more use of the same words; the bank stays within BANK_LIMIT. */
    async keep(userId: string, scope: string, text: string, now = new Date()): Promise<void> {
      await db.transaction(async (tx) => {
        const [same] = await tx
          .select({ id: commentBank.id })
          .from(commentBank)
          .where(and(eq(commentBank.userId, userId), eq(commentBank.scope, scope), eq(commentBank.text, text)));
        if (same) {
          await tx
            .update(commentBank)
            .set({ uses: sql`${commentBank.uses} + 1`, updatedAt: now })
            .where(eq(commentBank.id, same.id));
          return;
        }
        await tx.insert(commentBank).values({ userId, scope, text, createdAt: now, updatedAt: now });
        const overflow = await tx
          .select({ id: commentBank.id })
          .from(commentBank)
          .where(and(eq(commentBank.userId, userId), eq(commentBank.scope, scope), eq(commentBank.pinned, false)))
          .orderBy(desc(commentBank.uses), desc(commentBank.updatedAt))
          .offset(BANK_LIMIT);
        for (const row of overflow) await tx.delete(commentBank).where(eq(commentBank.id, row.id));
      });
    },

    async update(
      userId: string,
      id: string,
      changes: { text?: string; pinned?: boolean },
      now = new Date(),
    ): Promise<BankedComment | null> {
      const [row] = await db
        .update(commentBank)
        .set({ ...changes, updatedAt: now })
        .where(mine(userId, id))
        .returning();
      return row ? toComment(row) : null;
    },

    async remove(userId: string, id: string): Promise<boolean> {
      const rows = await db.delete(commentBank).where(mine(userId, id)).returning({ id: commentBank.id });
      return rows.length > 0;
    },
  };
}

export type CommentBankStore = ReturnType<typeof createCommentBankStore>;
