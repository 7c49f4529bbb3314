import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { profiles, refreshTokens, signInThrottle, userCredentials, users } from '@/server/db/schema';

export type UserRecord = { id: string; email: string; createdAt: Date; fullName: string | null };

export function createAuthStore(db: Database) {
  return {
    /** Creates user, credentials and profile in one transaction; null when the e-mail is taken. */
    async createUser(email: string, passwordHash: string, fullName: string): Promise<UserRecord | null> {
      return db.transaction(async (tx) => {
        const [user] = await tx.insert(users).values({ email }).onConflictDoNothing().returning();
        if (!user) return null;
        await tx.insert(userCredentials).values({ userId: user.id, passwordHash });
        await tx.insert(profiles).values({ id: user.id, fullName });
        return { id: user.id, email: user.email, createdAt: user.createdAt, fullName };
      });
    },

    async findUserWithPassword(email: string) {
      const [row] = await db
        .select({
          id: users.id,
          email: users.email,
          createdAt: users.createdAt,
          passwordHash: userCredentials.passwordHash,
          fullName: profiles.fullName,
        })
        .from(users)
        .innerJoin(userCredentials, eq(userCredentials.userId, users.id))
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.email, email));
      return row ?? null;
    },

    async findUser(userId: string): Promise<UserRecord | null> {
      const [row] = await db
        .select({ id: users.id, email: users.email, createdAt: users.createdAt, fullName: profiles.fullName })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    async insertRefreshToken(values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(refreshTokens).values(values);
    },

    async findRefreshToken(tokenHash: string) {
      const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Marks the token used. Returns false when another request rotated it first, which is how two
     * racing refreshes with one token are told apart from a legitimate one.
     */
    async markRotated(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ rotatedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },

    async revokeFamily(familyId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Adds one failure to each key's window (restarting windows older than windowSeconds). */
    async recordFailures(keys: string[], windowSeconds: number) {
      for (const key of keys) {
        await db
          .insert(signInThrottle)
          .values({ key, failures: 1 })
          .onConflictDoUpdate({
            target: signInThrottle.key,
            set: {
              failures: sql`case when ${signInThrottle.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then 1 else ${signInThrottle.failures} + 1 end`,
              windowStartedAt: sql`case when ${signInThrottle.windowStartedAt} < now() - make_interval(secs => ${windowSeconds}) then now() else ${signInThrottle.windowStartedAt} end`,
            },
          });
      }
    },

    /** Failures in the current window of each key, with the seconds until it ends; one query. */
    async readFailures(keys: string[], windowSeconds: number) {
      const rows = await db
        .select({
          key: signInThrottle.key,
          failures: signInThrottle.failures,
          secondsLeft: sql<number>`greatest(0, extract(epoch from (${signInThrottle.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`,
        })
        .from(signInThrottle)
        .where(inArray(signInThrottle.key, keys));
      return new Map(rows.filter((row) => row.secondsLeft > 0).map((row) => [row.key, row]));
    },

    async clearFailures(key: string) {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
