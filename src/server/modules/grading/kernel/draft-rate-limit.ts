import type { Database } from '@/server/db/connection';
import { consumeRateLimit } from '@/server/core/rate-limit';

/**
 * Drafting costs the operator model time but no credit: one generous allowance per teacher across
 * every grading screen, counted in drafts (a whole-class run counts each student it drafts).
 */
export const DRAFT_ALLOWANCE = { limit: 600, windowSeconds: 60 * 60 };
const DRAFT_LIMIT_MESSAGE = 'You have drafted a lot in the last hour. Please wait a little before drafting more.';

const allowanceKey = (userId: string) => `draft:${userId}`;

/** One draft: refused once the hour's allowance is used up. */
export function consumeDraftAllowance(db: Database, userId: string): Promise<void> {
  return consumeRateLimit(db, allowanceKey(userId), DRAFT_ALLOWANCE, DRAFT_LIMIT_MESSAGE, 1);
}

/**
 * A whole-class run of `drafts` students starts whenever the allowance has room, and counts every
 * student (decision 028): a teacher's class of 1,000 is drafted in one run, and what follows it in
 * the hour waits. Refused only when the allowance was already used up before the run, as a single
 * draft is. A rule of limit + drafts − 1 on the same counter says exactly that: the run is refused
 * when the count before it had reached the limit.
 */
export function consumeRunAllowance(db: Database, userId: string, drafts: number): Promise<void> {
  const rule = { ...DRAFT_ALLOWANCE, limit: DRAFT_ALLOWANCE.limit + Math.max(0, drafts - 1) };
  return consumeRateLimit(db, allowanceKey(userId), rule, DRAFT_LIMIT_MESSAGE, drafts);
}

/**
 * Model calls beyond the one a draft is counted for (AI_CALIBRATE has the model grade the
 * teacher's graded work too: up to 10 more calls) count against the same allowance once the draft
 * is made, without refusing it: what follows in the hour waits sooner.
 */
export async function countExtraModelCalls(db: Database, userId: string, calls: number): Promise<void> {
  if (calls <= 1) return;
  const uncapped = { ...DRAFT_ALLOWANCE, limit: Number.MAX_SAFE_INTEGER };
  await consumeRateLimit(db, allowanceKey(userId), uncapped, DRAFT_LIMIT_MESSAGE, calls - 1);
}
