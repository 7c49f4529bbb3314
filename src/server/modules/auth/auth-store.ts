import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { profiles, refreshTokens, signInThrottle, userCredentials, users } from '@/server/db/schema';

/**
 * Attempts counted freely, then each further one waits baseDelay × 2^(n − free), at most maxDelay.
 * A key left alone for quietReset seconds after its wait ended starts afresh.
 */
export type BackoffRule = {
  freeAttempts: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
  quietResetSeconds: number;
};

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

    /** Ends every sign-in of a user at once (her access tokens stop working on the next request). */
    async revokeAllSessions(userId: string, now: Date) {
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    /**
     * Counts one sign-in attempt against `key`, in one statement, before the password is checked.
     * The attempt is counted (and the row returned) only when the key's next attempt is due; the
     * upsert locks the row, so of any number of concurrent attempts only as many as the rule allows
     * are counted. Returns null when counted, or the seconds to wait when refused.
     */
    async countAttempt(key: string, rule: BackoffRule): Promise<number | null> {
      const delayAfter = (attempts: SQL) =>
        sql`case when ${attempts} < ${rule.freeAttempts}::int then interval '0 seconds'
          else make_interval(secs => least(${rule.baseDelaySeconds}::int * power(2, ${attempts} - ${rule.freeAttempts}::int), ${rule.maxDelaySeconds}::int)) end`;
      const stale = sql`${signInThrottle.nextAttemptAt} < now() - make_interval(secs => ${rule.quietResetSeconds}::int)`;
      const counted = await db
        .insert(signInThrottle)
        .values({ key, failures: 1, nextAttemptAt: sql`now() + ${delayAfter(sql`1`)}` })
        .onConflictDoUpdate({
          target: signInThrottle.key,
          set: {
            failures: sql`case when ${stale} then 1 else ${signInThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${stale} then now() else ${signInThrottle.windowStartedAt} end`,
            nextAttemptAt: sql`now() + case when ${stale} then ${delayAfter(sql`1`)} else ${delayAfter(sql`${signInThrottle.failures} + 1`)} end`,
          },
          // clock_timestamp, not now(): now() is when this statement's transaction began, which can
          // be earlier than the moment a concurrent attempt, committed first, wrote the row.
          setWhere: sql`${signInThrottle.nextAttemptAt} <= clock_timestamp()`,
        })
        .returning({ key: signInThrottle.key });
      if (counted.length === 1) return null;
      const [row] = await db
        .select({
          secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${signInThrottle.nextAttemptAt} - now()))))::int`,
        })
        .from(signInThrottle)
        .where(eq(signInThrottle.key, key));
      return row?.secondsLeft ?? 1;
    },
    /** Gives back one counted attempt (a successful sign-in does not use up a shared budget). */
    async refundAttempt(key: string) {
      await db
        .update(signInThrottle)
        .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
        .where(eq(signInThrottle.key, key));
    },
    async clearAttempts(key: string) {
      await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
    },
    /** Spends the one replay a just-rotated token is allowed; false when it was spent already. */
    async claimGrace(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ graceUsedAt: now })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.graceUsedAt), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    /** True while the sign-in (refresh family) an access token belongs to exists and has not been ended. */
    async isSessionLive(familyId: string): Promise<boolean> {
      const rows = await db
        .select({
          issued: sql<number>`count(*)::int`,
          ended: sql<number>`count(*) filter (where ${refreshTokens.revokedAt} is not null)::int`,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, familyId));
      return (rows[0]?.issued ?? 0) > 0 && rows[0]?.ended === 0;
    },
  };
}

export type AuthStore = ReturnType<typeof createAuthStore>;
