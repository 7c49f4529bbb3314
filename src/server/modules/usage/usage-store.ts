import { and, eq, gt, sql, sum } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { submissionPurchases, subscribers, usageTracking } from '@/server/db/schema';
import type { BillingPeriod } from './billing-period';

/** The plan of the institution a teacher belongs to (decision 062); given by the composition root. */
export type InstitutionPlanLookup = (
  userId: string,
) => Promise<{ institutionId: string; name: string; monthlyAllowance: number | null } | null>;

export function createUsageStore(db: Database, institutionPlanOf: InstitutionPlanLookup = async () => null) {
  return {
    institutionPlanOf,

    /** What all teachers of an institution used in its pooled period. */
    async readPooled(period: BillingPeriod): Promise<number> {
      const [row] = await db
        .select({ used: sum(usageTracking.submissionsUsed) })
        .from(usageTracking)
        .where(eq(usageTracking.billingPeriod, period.key));
      return Number(row?.used ?? 0);
    },

    /**
     * Counts one submission on an institution's pooled period if, and only if, its teachers together are
     * below `totalLimit`. The transaction's advisory lock makes racing saves of one institution take
     * turns, so two teachers can never spend the pool's last credit.
     */
    async reservePooled(userId: string, email: string, period: BillingPeriod, totalLimit: number) {
      return db.transaction(async (transaction) => {
        await transaction.execute(sql`select pg_advisory_xact_lock(hashtext(${period.key}))`);
        const [row] = await transaction
          .select({ used: sum(usageTracking.submissionsUsed) })
          .from(usageTracking)
          .where(eq(usageTracking.billingPeriod, period.key));
        const pooled = Number(row?.used ?? 0);
        if (pooled >= totalLimit) return null;
        await transaction
          .insert(usageTracking)
          .values({ userId, email, billingPeriod: period.key, monthYear: period.monthYear, submissionsUsed: 1 })
          .onConflictDoUpdate({
            target: [usageTracking.userId, usageTracking.billingPeriod],
            set: { submissionsUsed: sql`${usageTracking.submissionsUsed} + 1`, updatedAt: sql`now()` },
          });
        return pooled + 1;
      });
    },

    async findSubscriber(userId: string) {
      const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, userId));
      return row ?? null;
    },

    async readUsed(userId: string, period: BillingPeriod): Promise<number> {
      const [row] = await db
        .select({ used: usageTracking.submissionsUsed })
        .from(usageTracking)
        .where(and(eq(usageTracking.userId, userId), eq(usageTracking.billingPeriod, period.key)));
      return row?.used ?? 0;
    },

    async readPurchased(userId: string, period: BillingPeriod): Promise<number> {
      const [row] = await db
        .select({ total: sum(submissionPurchases.submissions) })
        .from(submissionPurchases)
        .where(and(eq(submissionPurchases.userId, userId), eq(submissionPurchases.billingPeriod, period.key)));
      return Number(row?.total ?? 0);
    },

    /**
     * Counts one submission if, and only if, the period is below `totalLimit`. One statement: the
     * row lock of the upsert makes racing saves take turns, so two can never spend the same last
     * credit. Returns the new count, or null when the limit was already reached.
     */
    async reserveOne(userId: string, email: string, period: BillingPeriod, totalLimit: number): Promise<number | null> {
      if (totalLimit <= 0) return null;
      const rows = await db
        .insert(usageTracking)
        .values({ userId, email, billingPeriod: period.key, monthYear: period.monthYear, submissionsUsed: 1 })
        .onConflictDoUpdate({
          target: [usageTracking.userId, usageTracking.billingPeriod],
          set: { submissionsUsed: sql`${usageTracking.submissionsUsed} + 1`, updatedAt: sql`now()` },
          setWhere: sql`${usageTracking.submissionsUsed} < ${totalLimit}`,
        })
        .returning({ used: usageTracking.submissionsUsed });
      return rows[0]?.used ?? null;
    },

    /** Gives back one reserved submission (the save it paid for did not happen). */
    async releaseOne(userId: string, periodKey: string): Promise<void> {
      await db
        .update(usageTracking)
        .set({ submissionsUsed: sql`${usageTracking.submissionsUsed} - 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(usageTracking.userId, userId),
            eq(usageTracking.billingPeriod, periodKey),
            gt(usageTracking.submissionsUsed, 0),
          ),
        );
    },
  };
}

export type UsageStore = ReturnType<typeof createUsageStore>;
