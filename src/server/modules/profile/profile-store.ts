import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { profiles, users } from '@/server/db/schema';

export function createProfileStore(db: Database) {
  return {
    async find(userId: string) {
      const [row] = await db
        .select({ profile: profiles, email: users.email })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.id))
        .where(eq(profiles.id, userId));
      return row ?? null;
    },
    async update(
      userId: string,
      values: Partial<
        Pick<typeof profiles.$inferInsert, 'fullName' | 'schoolName' | 'canvasInstanceUrl' | 'canvasAccessToken'>
      >,
    ) {
      const [row] = await db
        .update(profiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(profiles.id, userId))
        .returning();
      return row ?? null;
    },
  };
}

export type ProfileStore = ReturnType<typeof createProfileStore>;
