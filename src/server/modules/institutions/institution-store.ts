import { eq } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { institutionMembers, institutions, users } from '@/server/db/schema';

export type InstitutionRole = 'admin' | 'teacher';

/** Institutions and who belongs to them. */
export function createInstitutionStore(db: Database) {
  return {
    /** The institution a user belongs to, and as what; null for a teacher on her own. */
    async membershipOf(userId: string) {
      const [row] = await db
        .select({ role: institutionMembers.role, institution: institutions })
        .from(institutionMembers)
        .innerJoin(institutions, eq(institutions.id, institutionMembers.institutionId))
        .where(eq(institutionMembers.userId, userId));
      return row ? { role: row.role as InstitutionRole, institution: row.institution } : null;
    },

    /** The institution and its first admin, together; a used invitation is refused by the unique id. */
    async createWithAdmin(values: { name: string; invitationId: string }, adminId: string) {
      return db.transaction(async (transaction) => {
        const [institution] = await transaction
          .insert(institutions)
          .values(values)
          .onConflictDoNothing({ target: institutions.invitationId })
          .returning();
        if (!institution) return null;
        await transaction
          .insert(institutionMembers)
          .values({ userId: adminId, institutionId: institution.id, role: 'admin' });
        return institution;
      });
    },

    async updateSettings(
      institutionId: string,
      values: Partial<
        Pick<
          typeof institutions.$inferInsert,
          | 'canvasUrl'
          | 'canvasClientId'
          | 'canvasClientSecret'
          | 'allowPersonalTokens'
          | 'ltiClientId'
          | 'ltiDeploymentId'
        >
      >,
    ) {
      const [row] = await db.update(institutions).set(values).where(eq(institutions.id, institutionId)).returning();
      return row ?? null;
    },

    async byId(institutionId: string) {
      const [row] = await db.select().from(institutions).where(eq(institutions.id, institutionId));
      return row ?? null;
    },

    /** The institution whose Canvas LTI key has this client id (a launch names it). */
    async byLtiClientId(clientId: string) {
      const [row] = await db.select().from(institutions).where(eq(institutions.ltiClientId, clientId));
      return row ?? null;
    },

    async members(institutionId: string) {
      return db
        .select({ email: users.email, role: institutionMembers.role, joinedAt: institutionMembers.createdAt })
        .from(institutionMembers)
        .innerJoin(users, eq(users.id, institutionMembers.userId))
        .where(eq(institutionMembers.institutionId, institutionId))
        .orderBy(institutionMembers.createdAt);
    },
  };
}

export type InstitutionStore = ReturnType<typeof createInstitutionStore>;
