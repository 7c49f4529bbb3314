import type { ErrorCode } from '@/shared/error-codes';
import type { UsageSummary } from '@/shared/usage';
import { AppError, isAppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { reserveCredit } from '@/server/modules/usage/reserve-credit';
import type { UsageStore } from '@/server/modules/usage/usage-store';

/** What one paid Canvas write is, for the credit, the audit log and the teacher's messages. */
export type PaidCanvasWrite<T> = {
  /** The audit record: `<course>/<assignment>/<student>` and the like. */
  recordId: string;
  tableName: string;
  /** What was asked of Canvas, as audited on every outcome. */
  values: Record<string, unknown>;
  /** Extra facts audited only when the write fails (the attempted grade). */
  failureValues?: Record<string, unknown>;
  /** Audit actions: stored, refused by Canvas (or not stored as sent), failed otherwise. */
  actions: { saved: string; refused: string; failed: string };
  write: () => Promise<T>;
  /**
   * Reads Canvas's answer and says what, if anything, it did not store as sent; null when it
   * stored it. A mismatch is a failed save: the credit goes back and the teacher is told.
   */
  verify?: (result: T) => string | NotStored | null;
  /** How a mismatch is reported and audited; CANVAS_UNPROCESSABLE and the refused action unless given. */
  notStored?: { code: ErrorCode; action: string };
  /** Facts from Canvas's answer for the audit log (the score it stored). */
  savedValues: (result: T) => Record<string, unknown>;
  /** The teacher's message when Canvas refuses the write (its code is kept). */
  refusalMessage: (refusal: AppError) => string;
  /** The teacher's message for any other failure. */
  errorMessage: string;
};

/** Canvas's answer, and the teacher's usage with the credit it cost. */
export type PaidResult<T> = { result: T; usage: UsageSummary };

/** What Canvas did not store, with facts for the error's details. */
export type NotStored = { message: string; details?: Record<string, unknown> };

/**
 * The one step every grading screen pays through: reserve one credit (atomically, refusing at the
 * plan's limit), write to Canvas, check what Canvas stored, audit; on a refusal, a mismatch or any
 * other failure the credit is given back, the failure audited, and a message the teacher can act on
 * thrown. A timeout after Canvas applied the write also gives the credit back. The usage answered
 * is the reservation's: no second read.
 */
export async function spendCreditOnCanvas<T>(
  deps: { usage: UsageStore; audit: AuditWriter },
  teacher: { id: string; email: string },
  paid: PaidCanvasWrite<T>,
  /** The submission was paid for in this billing period already: no second credit (decision 051). */
  alreadyPaid?: { summary: UsageSummary },
): Promise<PaidResult<T>> {
  const { recordId, tableName, values } = paid;
  const credit = alreadyPaid
    ? { summary: alreadyPaid.summary, release: async () => undefined }
    : await reserveCredit({ store: deps.usage, audit: deps.audit }, teacher, { recordId, details: values });

  let result: T;
  try {
    result = await paid.write();
  } catch (error) {
    await credit.release();
    const isCanvasRefusal = isAppError(error) && error.code.startsWith('CANVAS_');
    const message = isAppError(error) ? error.userMessage : error instanceof Error ? error.message : String(error);
    await deps.audit({
      userId: teacher.id,
      action: isCanvasRefusal ? paid.actions.refused : paid.actions.failed,
      tableName,
      recordId,
      newValues: { ...values, error: message, ...paid.failureValues },
    });
    if (isCanvasRefusal)
      throw new AppError(error.code, paid.refusalMessage(error), { cause: error, details: error.details });
    throw new AppError('INTERNAL', paid.errorMessage, { cause: error });
  }

  const verdict = paid.verify?.(result) ?? null;
  if (verdict !== null) {
    const mismatch: NotStored = typeof verdict === 'string' ? { message: verdict } : verdict;
    await credit.release();
    await deps.audit({
      userId: teacher.id,
      action: paid.notStored?.action ?? paid.actions.refused,
      tableName,
      recordId,
      newValues: { ...values, error: mismatch.message, ...paid.savedValues(result), ...paid.failureValues },
    });
    throw new AppError(paid.notStored?.code ?? 'CANVAS_UNPROCESSABLE', mismatch.message, {
      details: { reason: 'not_stored', ...mismatch.details },
    });
  }
  await deps.audit({
    userId: teacher.id,
    action: paid.actions.saved,
    tableName,
    recordId,
    newValues: { ...values, ...paid.savedValues(result), ...(alreadyPaid ? { paid_earlier_this_period: true } : {}) },
  });
  return { result, usage: credit.summary };
}
