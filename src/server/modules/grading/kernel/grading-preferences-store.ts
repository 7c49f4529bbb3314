import { eq } from 'drizzle-orm';
import type { GradingPreferences } from '@/shared/schemas/grading-preferences';
import type { Database } from '@/server/db/connection';
import { gradingPreferences } from '@/server/db/schema';

/** A teacher who never chose: no AI line, drift notes shown. */
export const DEFAULT_GRADING_PREFERENCES: GradingPreferences = { aiLine: false, driftNotes: true };

/** The teacher's grading choices (the AI line, drift notes), one row per teacher once she changes one. */
export function createGradingPreferencesStore(db: Database) {
  return {
    async get(userId: string): Promise<GradingPreferences> {
      const [row] = await db.select().from(gradingPreferences).where(eq(gradingPreferences.userId, userId));
      return row ? { aiLine: row.aiLine, driftNotes: row.driftNotes } : DEFAULT_GRADING_PREFERENCES;
    },

    async update(userId: string, changes: Partial<GradingPreferences>, now = new Date()): Promise<GradingPreferences> {
      const next = { ...(await this.get(userId)), ...changes };
      await db
        .insert(gradingPreferences)
        .values({ userId, ...next, updatedAt: now })
        .onConflictDoUpdate({ target: gradingPreferences.userId, set: { ...next, updatedAt: now } });
      return next;
    },
  };
}

export type GradingPreferencesStore = ReturnType<typeof createGradingPreferencesStore>;
