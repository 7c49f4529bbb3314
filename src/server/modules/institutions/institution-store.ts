import { and, desc, eq, gt, inArray, isNull, like, max } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import {
  auditLogs,
  institutionInvitations,
  institutionMembers,
  institutions,
  profiles,
  refreshTokens,
  usageTracking,
  users,
} from '@/server/db/schema';

export type InstitutionRole = 'admin' | 'teacher';
export type InstitutionRecord = typeof institutions.$inferSelect;
export type InstitutionInvitationRecord = typeof institutionInvitations.$inferSelect;

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
    async createWithAdmin(
      values: { name: string; invitationId: string; monthlyAllowance: number | null },
      adminId: string,
    ) {
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
        Omit<typeof institutions.$inferInsert, 'id' | 'name' | 'invitationId' | 'monthlyAllowance' | 'createdAt'>
      >,
    ) {
      const [row] = await db.update(institutions).set(values).where(eq(institutions.id, institutionId)).returning();
      return row ?? null;
    },

    /** The operator's plan change (scripts/institution-plan.ts). */
    async setPlan(institutionId: string, monthlyAllowance: number | null) {
      const [row] = await db
        .update(institutions)
        .set({ monthlyAllowance })
        .where(eq(institutions.id, institutionId))
        .returning();
      return row ?? null;
    },

    async findByName(name: string) {
      return db.select().from(institutions).where(eq(institutions.name, name));
    },

    /** The institution whose sign-up domain this is, if any. */
    async findByDomain(domain: string) {
      const [row] = await db.select().from(institutions).where(eq(institutions.emailDomain, domain));
      return row ?? null;
    },

    /** The plan a teacher's grading draws on while she belongs to the institution (decision 062). */
    async planOf(userId: string) {
      const membership = await this.membershipOf(userId);
      if (!membership) return null;
      const { id, name, monthlyAllowance } = membership.institution;
      return { institutionId: id, name, monthlyAllowance };
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

    /** Everyone of the institution with what an admin may see: no student data, no drafts, no grades. */
    async members(institutionId: string) {
      const lastActivity = db
        .select({ userId: refreshTokens.userId, at: max(refreshTokens.createdAt).as('last_active_at') })
        .from(refreshTokens)
        .groupBy(refreshTokens.userId)
        .as('last_activity');
      return db
        .select({
          userId: institutionMembers.userId,
          email: users.email,
          fullName: profiles.fullName,
          role: institutionMembers.role,
          joinedAt: institutionMembers.createdAt,
          lastActiveAt: lastActivity.at,
        })
        .from(institutionMembers)
        .innerJoin(users, eq(users.id, institutionMembers.userId))
        .leftJoin(profiles, eq(profiles.id, institutionMembers.userId))
        .leftJoin(lastActivity, eq(lastActivity.userId, institutionMembers.userId))
        .where(eq(institutionMembers.institutionId, institutionId))
        .orderBy(institutionMembers.createdAt);
    },

    /** Submissions each member used on the institution's plan, by calendar month. */
    async usageByMonth(institutionId: string, userIds: string[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ userId: usageTracking.userId, month: usageTracking.monthYear, used: usageTracking.submissionsUsed })
        .from(usageTracking)
        .where(
          and(
            inArray(usageTracking.userId, userIds),
            like(usageTracking.billingPeriod, `institution:${institutionId}:%`),
          ),
        )
        .orderBy(desc(usageTracking.monthYear));
    },

    async addTeacher(institutionId: string, userId: string) {
      const rows = await db
        .insert(institutionMembers)
        .values({ userId, institutionId, role: 'teacher' })
        .onConflictDoNothing()
        .returning();
      return rows.length === 1;
    },

    async removeTeacher(institutionId: string, userId: string) {
      const rows = await db
        .delete(institutionMembers)
        .where(
          and(
            eq(institutionMembers.institutionId, institutionId),
            eq(institutionMembers.userId, userId),
            eq(institutionMembers.role, 'teacher'),
          ),
        )
        .returning();
      return rows.length === 1;
    },

    async findUserByEmail(email: string) {
      const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
      return row ?? null;
    },

    /** A new link for `email`; an earlier unused one of the same kind stops working. */
    async addInvitation(values: {
      institutionId: string;
      email: string;
      kind: 'invitation' | 'domain';
      tokenHash: string;
      expiresAt: Date;
    }) {
      return db.transaction(async (transaction) => {
        await transaction
          .update(institutionInvitations)
          .set({ revokedAt: new Date() })
          .where(
            and(
              eq(institutionInvitations.institutionId, values.institutionId),
              eq(institutionInvitations.email, values.email),
              eq(institutionInvitations.kind, values.kind),
              isNull(institutionInvitations.usedAt),
              isNull(institutionInvitations.revokedAt),
            ),
          );
        const [row] = await transaction.insert(institutionInvitations).values(values).returning();
        return row!;
      });
    },

    async pendingInvitations(institutionId: string, now: Date) {
      return db
        .select()
        .from(institutionInvitations)
        .where(
          and(
            eq(institutionInvitations.institutionId, institutionId),
            eq(institutionInvitations.kind, 'invitation'),
            isNull(institutionInvitations.usedAt),
            isNull(institutionInvitations.revokedAt),
            gt(institutionInvitations.expiresAt, now),
          ),
        )
        .orderBy(desc(institutionInvitations.sentAt));
    },

    async findInvitation(institutionId: string, invitationId: string) {
      const [row] = await db
        .select()
        .from(institutionInvitations)
        .where(
          and(eq(institutionInvitations.institutionId, institutionId), eq(institutionInvitations.id, invitationId)),
        );
      return row ?? null;
    },

    async renewInvitation(invitationId: string, tokenHash: string, expiresAt: Date) {
      const [row] = await db
        .update(institutionInvitations)
        .set({ tokenHash, expiresAt, sentAt: new Date() })
        .where(isOpenInvitation(invitationId))
        .returning();
      return row ?? null;
    },

    async revokeInvitation(invitationId: string) {
      const rows = await db
        .update(institutionInvitations)
        .set({ revokedAt: new Date() })
        .where(isOpenInvitation(invitationId))
        .returning();
      return rows.length === 1;
    },

    async findInvitationByToken(tokenHash: string) {
      const [row] = await db
        .select({ invitation: institutionInvitations, institution: institutions })
        .from(institutionInvitations)
        .innerJoin(institutions, eq(institutions.id, institutionInvitations.institutionId))
        .where(eq(institutionInvitations.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Uses the link once and makes her a teacher, together; false when it was used or revoked meanwhile. */
    async redeemInvitation(invitationId: string, institutionId: string, userId: string, now: Date) {
      return db.transaction(async (transaction) => {
        const used = await transaction
          .update(institutionInvitations)
          .set({ usedAt: now })
          .where(
            and(
              eq(institutionInvitations.id, invitationId),
              isNull(institutionInvitations.usedAt),
              isNull(institutionInvitations.revokedAt),
              gt(institutionInvitations.expiresAt, now),
            ),
          )
          .returning();
        if (used.length !== 1) return false;
        await transaction.insert(institutionMembers).values({ userId, institutionId, role: 'teacher' });
        return true;
      });
    },

    /** The institution's own audit trail: what its admins did, newest first. */
    async auditLog(institutionId: string, limit: number) {
      return db
        .select({
          id: auditLogs.id,
          action: auditLogs.action,
          actorEmail: users.email,
          details: auditLogs.newValues,
          createdAt: auditLogs.createdAt,
        })
        .from(auditLogs)
        .leftJoin(users, eq(users.id, auditLogs.userId))
        .where(and(eq(auditLogs.tableName, 'institutions'), eq(auditLogs.recordId, institutionId)))
        .orderBy(desc(auditLogs.createdAt))
        .limit(limit);
    },
  };
}

export type InstitutionStore = ReturnType<typeof createInstitutionStore>;

/** An invitation not yet used or revoked. */
function isOpenInvitation(invitationId: string) {
  return and(
    eq(institutionInvitations.id, invitationId),
    isNull(institutionInvitations.usedAt),
    isNull(institutionInvitations.revokedAt),
  );
}
