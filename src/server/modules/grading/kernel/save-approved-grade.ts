import type { SaveGradeRequest } from '@/shared/schemas/grading';
import { commentsFollowingPoints } from '@/shared/rubric-comments';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import { draftScope, type DraftTarget } from './draft-scope';
import type { DraftStore } from './draft-store';
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
  /**
   * Reads what the write needs from Canvas and checks what was approved, before any credit is
   * reserved; returns the paid write (what is sent, how Canvas's answer is read back, the messages).
   */
  prepare(rubricAssessment: ApprovedRubricAssessment): Promise<PaidCanvasWrite<T>>;
};

/**
 * The save sequence of every grading screen: a drafted rubric comment never goes out beside
 * points it does not argue for (checked against the stored draft, whatever the screen sent); the
 * variant reads and checks what it needs; then one credit is reserved, Canvas is written, what it
 * stored is read back (a mismatch or a refusal gives the credit back) and the outcome audited; the
 * settled drafts are removed. The usage answered is the reservation's.
 */
export async function saveApprovedGrade<T>(
  deps: { drafts: DraftStore; usage: UsageStore; audit: AuditWriter },
  teacher: { id: string; email: string },
  save: ApprovedSave<T>,
): Promise<PaidResult<T>> {
  const scope = draftScope(save.target);
  let rubricAssessment = save.rubricAssessment;
  const [student] = save.settles;
  if (rubricAssessment && student !== undefined) {
    const stored = await deps.drafts.get(teacher.id, scope, student);
    rubricAssessment = commentsFollowingPoints(rubricAssessment, stored?.draft.rubricAssessment).assessment;
  }
  const paid = await save.prepare(rubricAssessment);
  const saved = await spendCreditOnCanvas(deps, teacher, paid);
  await Promise.all(save.settles.map((key) => deps.drafts.remove(teacher.id, scope, key)));
  return saved;
}
