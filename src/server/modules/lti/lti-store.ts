import { and, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { ltiLinks, ltiLogins, ltiToolKeys } from '@/server/db/schema';

const TOOL_SLOT = 'tool';

export type StoredToolKey = { kid: string; publicJwk: Record<string, unknown>; sealedPrivateJwk: string };

/** Margin's tool key, the logins in flight and the links of Canvas users to Margin accounts. */
export function createLtiStore(db: Database) {
  return {
    async toolKey(): Promise<StoredToolKey | null> {
      const [row] = await db.select().from(ltiToolKeys).where(eq(ltiToolKeys.slot, TOOL_SLOT));
      return row
        ? { kid: row.kid, publicJwk: row.publicJwk as Record<string, unknown>, sealedPrivateJwk: row.sealedPrivateJwk }
        : null;
    },

    /** Keeps the first key ever stored: two instances generating at once agree on one. */
    async keepToolKey(key: StoredToolKey) {
      await db
        .insert(ltiToolKeys)
        .values({ slot: TOOL_SLOT, ...key })
        .onConflictDoNothing({ target: ltiToolKeys.slot });
    },

    async startLogin(values: { stateHash: string; nonce: string; institutionId: string; expiresAt: Date }, now: Date) {
      // Logins nobody finished are of no use once expired.
      await db.delete(ltiLogins).where(lt(ltiLogins.expiresAt, new Date(now.getTime() - 86_400_000)));
      await db.insert(ltiLogins).values(values);
    },

    /**
     * Takes a login for its launch, once: a second launch with the same state finds it used. Answers
     * why it cannot when it cannot.
     */
    async claimLogin(stateHash: string, now: Date) {
      const [claimed] = await db
        .update(ltiLogins)
        .set({ usedAt: now })
        .where(and(eq(ltiLogins.stateHash, stateHash), isNull(ltiLogins.usedAt), gt(ltiLogins.expiresAt, now)))
        .returning({ institutionId: ltiLogins.institutionId, nonce: ltiLogins.nonce });
      if (claimed) return { ok: true as const, ...claimed };
      const [row] = await db.select().from(ltiLogins).where(eq(ltiLogins.stateHash, stateHash));
      return {
        ok: false as const,
        reason: !row ? ('unknown' as const) : row.usedAt ? ('used' as const) : ('expired' as const),
      };
    },

    /** Whether a nonce was sent with a login that a launch already used. */
    async wasNonceUsed(nonce: string) {
      const [row] = await db
        .select({ nonce: ltiLogins.nonce })
        .from(ltiLogins)
        .where(and(eq(ltiLogins.nonce, nonce), isNotNull(ltiLogins.usedAt)));
      return Boolean(row);
    },

    async linkedUser(institutionId: string, platformUserId: string) {
      const [row] = await db
        .select({ userId: ltiLinks.userId })
        .from(ltiLinks)
        .where(and(eq(ltiLinks.institutionId, institutionId), eq(ltiLinks.platformUserId, platformUserId)));
      return row?.userId ?? null;
    },

    /** Links a Canvas user to a Margin account; an existing link is kept. Answers the account linked. */
    async link(institutionId: string, platformUserId: string, userId: string) {
      await db.insert(ltiLinks).values({ institutionId, platformUserId, userId }).onConflictDoNothing();
      const [row] = await db
        .select({ userId: ltiLinks.userId })
        .from(ltiLinks)
        .where(and(eq(ltiLinks.institutionId, institutionId), eq(ltiLinks.platformUserId, platformUserId)));
      return row!.userId;
    },
  };
}

export type LtiStore = ReturnType<typeof createLtiStore>;
