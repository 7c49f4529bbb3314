import type { Database } from '@/server/db/connection';
import { consumeRateLimit } from '@/server/core/rate-limit';

/** Drafting costs the operator model time but no credit: one generous cap across every grading screen. */
const DRAFT_LIMIT = { limit: 600, windowSeconds: 60 * 60 };
const DRAFT_LIMIT_MESSAGE = 'You have drafted a lot in the last hour. Please wait a little before drafting more.';

/** Counts `drafts` drafts (a whole-class run counts each student it drafts). */
export function consumeDraftAllowance(db: Database, userId: string, drafts = 1): Promise<void> {
  return consumeRateLimit(db, `draft:${userId}`, DRAFT_LIMIT, DRAFT_LIMIT_MESSAGE, drafts);
}
