import type { DraftResponse } from '@/shared/schemas/grading';
import type { Database } from '@/server/db/connection';
import { countModelCalls } from '@/server/adapters/ai';
import { consumeDraftAllowance, countExtraModelCalls } from './draft-rate-limit';
import { draftScope, type DraftTarget } from './draft-scope';
import type { DraftStore } from './draft-store';

/**
 * The draft sequence of every grading screen: count the draft against the teacher's allowance
 * (before any Canvas or model call), draft, count the model calls beyond the first against the
 * same allowance, and keep the draft for the teacher (sealed, 24 hours) under its screen and
 * student, or question.
 */
export async function draftAndKeep(
  deps: { db: Database; drafts: DraftStore },
  teacherId: string,
  where: { target: DraftTarget; key: number },
  draft: () => Promise<DraftResponse>,
): Promise<DraftResponse> {
  await consumeDraftAllowance(deps.db, teacherId);
  const { value: response, calls } = await countModelCalls(draft);
  await countExtraModelCalls(deps.db, teacherId, calls);
  await deps.drafts.save(teacherId, draftScope(where.target), where.key, response);
  return response;
}
