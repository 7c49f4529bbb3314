import type { SaveGradeRequest } from '@/shared/schemas/grading';
import { commentsFollowingPoints } from '@/shared/rubric-comments';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { getUsageSummary } from '@/server/modules/usage/get-usage-summary';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import { draftScope, type DraftTarget } from './draft-scope';
import type { DraftStore } from './draft-store';
import type { AnyUndoRecord, GradeSave, GradeSaveStore } from './grade-save-store';
import { spendCreditOnCanvas, type PaidCanvasWrite, type PaidResult } from './spend-credit-on-canvas';

export type ApprovedRubricAssessment = SaveGradeRequest['rubricAssessment'];

/** One grade the teacher approved, as a variant describes its save. */
export type ApprovedSave<T> = {
  /** The grading screen: where its drafts are kept. */
  target: DraftTarget;
  /** The drafts this save settles, removed once Canvas holds it: the student's, or each question scored. */
  settles: number[];
  /** The rubric ratings approved, if any. */
  rubricAssessment: ApprovedRubricAssessment;
  /** Whose submission is paid for and remembered: the student's id, or `submission:<id>` on a quiz. */
  subject: string;
  /**
   * Reads what the write needs from Canvas and checks what was approved, before any credit is
   * reserved; returns the paid write (what is sent, how Canvas's answer is read back, the messages).
   * `previous` is Margin's last save of this submission (its comment is edited, not posted again).
   */
  prepare(rubricAssessment: ApprovedRubricAssessment, previous: GradeSave | null): Promise<PaidCanvasWrite<T>>;
  /** What the save leaves behind: the comment it wrote and what Undo puts back. */
  remember?: (result: T) => { commentId: number | null; undo: AnyUndoRecord | null };
};

/** A save's outcome, and whether it cost nothing because the submission was paid for this period. */
export type ApprovedResult<T> = PaidResult<T> & { isPaidEarlier: boolean };

/**
 * The save sequence of every grading screen: a drafted rubric comment never goes out beside
 * points it does not argue for (checked against the stored draft, whatever the screen sent); the
 * variant reads and checks what it needs; then one credit is reserved, Canvas is written, what it
 * stored is read back (a mismatch or a refusal gives the credit back) and the outcome audited; the
 * settled drafts are removed. The usage answered is the reservation's.
 */
export async function saveApprovedGrade<T>(
  deps: { drafts: DraftStore; usage: UsageStore; audit: AuditWriter; saves: GradeSaveStore },
  teacher: { id: string; email: string },
  save: ApprovedSave<T>,
): Promise<ApprovedResult<T>> {
  const scope = draftScope(save.target);
  let rubricAssessment = save.rubricAssessment;
  const [student] = save.settles;
  if (rubricAssessment && student !== undefined) {
    const stored = await deps.drafts.get(teacher.id, scope, student);
    rubricAssessment = commentsFollowingPoints(rubricAssessment, stored?.draft.rubricAssessment).assessment;
  }
  // A submission paid for in this billing period costs no second credit (decision 051).
  const previous = await deps.saves.get(teacher.id, scope, save.subject);
  const { summary, period } = await getUsageSummary(deps.usage, teacher.id);
  const isPaidEarlier = previous?.paidPeriod === period.key;
  const paid = await save.prepare(rubricAssessment, previous);
  const saved = await spendCreditOnCanvas(deps, teacher, paid, isPaidEarlier ? { summary } : undefined);
  const left = save.remember?.(saved.result);
  await deps.saves.put(teacher.id, scope, save.subject, {
    commentId: left ? left.commentId : (previous?.commentId ?? null),
    paidPeriod: period.key,
    undo: left?.undo ?? null,
  });
  await Promise.all(save.settles.map((key) => deps.drafts.remove(teacher.id, scope, key)));
  return { ...saved, isPaidEarlier };
}
