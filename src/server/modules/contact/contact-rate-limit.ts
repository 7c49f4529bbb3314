import type { Database } from '@/server/db/connection';
import { AppError, isAppError } from '@/server/core/app-error';
import { consumeRateLimit } from '@/server/core/rate-limit';

/** Messages allowed per client address and form in one window. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowSeconds: 10 * 60 };

/**
 * Counts one submission of `form` from `clientAddress`; past the limit, refuses with a message that
 * says how long to wait and where to write meanwhile.
 */
export async function limitSubmissions(
  db: Database,
  form: 'contact' | 'inquiry',
  clientAddress: string,
): Promise<void> {
  try {
    await consumeRateLimit(db, `${form}:${clientAddress}`, CONTACT_RATE_LIMIT, 'Too many messages');
  } catch (error) {
    if (!isAppError(error) || error.code !== 'RATE_LIMITED') throw error;
    const seconds = Number(error.details?.retryAfterSeconds ?? CONTACT_RATE_LIMIT.windowSeconds);
    const minutes = Math.max(1, Math.ceil(seconds / 60));
    throw new AppError(
      'RATE_LIMITED',
      `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again, or email us directly.`,
      { details: { retryAfterSeconds: seconds } },
    );
  }
}
