import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { canvasOauthStates, profiles } from '@/server/db/schema';

/** The teacher's stored Canvas connection, sealed tokens included (they never leave the canvas module in clear). */
export type StoredCanvasConnection = {
  instanceUrl: string | null;
  method: 'token' | 'oauth';
  sealedAccessToken: string | null;
  sealedRefreshToken: string | null;
  expiresAt: Date | null;
  refreshAt: Date | null;
  problem: string | null;
  /** OAuth2: the institution whose developer key issued the token; null for the installation's key. */
  oauthInstitutionId: string | null;
};

export type CanvasConnectionValues = Partial<
  Pick<
    typeof profiles.$inferInsert,
    | 'canvasInstanceUrl'
    | 'canvasAccessToken'
    | 'canvasAuthMethod'
    | 'canvasRefreshToken'
    | 'canvasTokenExpiresAt'
    | 'canvasTokenRefreshAt'
    | 'canvasConnectionProblem'
    | 'canvasOauthInstitutionId'
  >
>;

const connectionColumns = {
  instanceUrl: profiles.canvasInstanceUrl,
  method: profiles.canvasAuthMethod,
  sealedAccessToken: profiles.canvasAccessToken,
  sealedRefreshToken: profiles.canvasRefreshToken,
  expiresAt: profiles.canvasTokenExpiresAt,
  refreshAt: profiles.canvasTokenRefreshAt,
  problem: profiles.canvasConnectionProblem,
  oauthInstitutionId: profiles.canvasOauthInstitutionId,
};

type Row = { [K in keyof typeof connectionColumns]: unknown } & { method: string | null };

const toConnection = (row: Row): StoredCanvasConnection =>
  ({ ...row, method: row.method === 'oauth' ? 'oauth' : 'token' }) as StoredCanvasConnection;

/** The Canvas columns of a teacher's profile and the pending "Connect with Canvas" states. */
export function createCanvasTokenStore(db: Database) {
  return {
    async find(userId: string): Promise<StoredCanvasConnection | null> {
      const [row] = await db.select(connectionColumns).from(profiles).where(eq(profiles.id, userId));
      return row ? toConnection(row) : null;
    },

    async save(userId: string, values: CanvasConnectionValues): Promise<void> {
      await db
        .update(profiles)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(profiles.id, userId));
    },

    /**
     * Runs `work` holding the row lock on the teacher's profile: one renewal at a time for a teacher,
     * across instances too; a second caller waits and then sees the token the first one stored.
     */
    async withLockedConnection<T>(
      userId: string,
      work: (
        connection: StoredCanvasConnection | null,
        save: (values: CanvasConnectionValues) => Promise<void>,
      ) => Promise<T>,
    ): Promise<T> {
      return db.transaction(async (transaction) => {
        const [row] = await transaction
          .select(connectionColumns)
          .from(profiles)
          .where(eq(profiles.id, userId))
          .for('update');
        return work(row ? toConnection(row) : null, async (values) => {
          await transaction
            .update(profiles)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(profiles.id, userId));
        });
      });
    },

    async addState(state: {
      stateHash: string;
      userId: string;
      sessionId: string;
      canvasUrl: string;
      /** Whose developer key the flow started with: the institution's id, or null for the installation's. */
      institutionId: string | null;
      expiresAt: Date;
    }) {
      // Abandoned attempts of anyone go when a new one starts; an index on expiry is not worth it at this size.
      await db.delete(canvasOauthStates).where(lt(canvasOauthStates.expiresAt, new Date()));
      await db.insert(canvasOauthStates).values(state);
    },

    /** Removes the state and returns it if it was still valid: a state is checked once. */
    async takeState(stateHash: string) {
      const [row] = await db
        .delete(canvasOauthStates)
        .where(and(eq(canvasOauthStates.stateHash, stateHash), gt(canvasOauthStates.expiresAt, new Date())))
        .returning();
      return row ?? null;
    },
  };
}

export type CanvasTokenStore = ReturnType<typeof createCanvasTokenStore>;
