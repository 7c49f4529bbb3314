import type { Database } from '@/server/db/connection';
import { AppError, isAppError } from '@/server/core/app-error';
import { consumeRateLimit, type RateLimitRule } from '@/server/core/rate-limit';

/**
 * The AI-literacy endpoints are public: each is limited per client address. The limits leave room
 * for a school whose teachers share one address, and stop a script from running up model costs or
 * filling mailboxes.
 */
export const LITERACY_RATE_LIMITS = {
  /** Newsletter and webinar sign-ups together. */
  signup: { limit: 10, windowSeconds: 60 * 60 },
  /** Integration suggestions (each may also read an uploaded file). */
  integration: { limit: 30, windowSeconds: 60 * 60 },
  /** Revised assignments. */
  revision: { limit: 60, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

export type LiteracyAction = keyof typeof LITERACY_RATE_LIMITS;

const refusals: Record<LiteracyAction, string> = {
  signup: 'You have signed up several times in a short time.',
  integration: 'You have asked for many sets of suggestions in a short time.',
  revision: 'You have generated many revised assignments in a short time.',
};

/** Counts one use of `action` from `clientAddress`; past the limit, says how long to wait. */
export async function limitLiteracyUse(db: Database, action: LiteracyAction, clientAddress: string): Promise<void> {
  const rule = LITERACY_RATE_LIMITS[action];
  try {
    await consumeRateLimit(db, `literacy-${action}:${clientAddress}`, rule, refusals[action]);
  } catch (error) {
    if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error;
    const seconds = Number(error.details?.retryAfterSeconds ?? rule.windowSeconds);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new AppError(
      'RATE_LIMITED',
      `${refusals[action]} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { details: { retryAfterSeconds: seconds } },
    );
  }
}
