import { usageLimitMessage, usagePercentage, type UsageSummary } from '@/shared/usage';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { getUsageSummary, isInstitutionPeriod } from './get-usage-summary';
import type { UsageStore } from './usage-store';

export type CreditReservation = {
  periodKey: string;
  submissionsUsed: number;
  /** The teacher's usage with this credit counted: what the save answers, with no second read. */
  summary: UsageSummary;
  /** Gives the credit back; call when the work it paid for did not happen. Safe to call once. */
  release(): Promise<void>;
};

/**
 * Reserves one submission before a grade goes to Canvas (spec part 1 §5): usage is read fresh, the
 * limit is enforced atomically in Postgres, and the refusal is audited as USAGE_LIMIT_REACHED.
 */
export async function reserveCredit(
  deps: { store: UsageStore; audit: AuditWriter },
  user: { id: string; email: string },
  context: { recordId: string; details: Record<string, unknown> },
): Promise<CreditReservation> {
  const { summary, period } = await getUsageSummary(deps.store, user.id);
  const used = isInstitutionPeriod(period)
    ? await deps.store.reservePooled(user.id, user.email, period, summary.total_limit)
    : await deps.store.reserveOne(user.id, user.email, period, summary.total_limit);
  if (used === null) {
    await deps.audit({
      userId: user.id,
      action: 'USAGE_LIMIT_REACHED',
      tableName: 'usage_tracking',
      recordId: context.recordId,
      newValues: { ...context.details, submissions_used: summary.submissions_used, total_limit: summary.total_limit },
    });
    throw new AppError('USAGE_LIMIT_REACHED', usageLimitMessage(summary.total_limit), {
      details: { title: 'Usage Limit Reached', totalLimit: summary.total_limit },
    });
  }
  await deps.audit({
    userId: user.id,
    action: 'USAGE_INCREMENTED',
    tableName: 'usage_tracking',
    recordId: context.recordId,
    oldValues: { submissions_used: used - 1 },
    newValues: { ...context.details, submissions_used: used, billing_period: period.key },
  });
  let isReleased = false;
  return {
    periodKey: period.key,
    submissionsUsed: used,
    summary: { ...summary, submissions_used: used, percentage: usagePercentage(used, summary.total_limit) },
    async release() {
      if (isReleased) return;
      isReleased = true;
      await deps.store.releaseOne(user.id, period.key);
      await deps.audit({
        userId: user.id,
        action: 'USAGE_REFUNDED',
        tableName: 'usage_tracking',
        recordId: context.recordId,
        newValues: { ...context.details, billing_period: period.key },
      });
    },
  };
}
