import { sql } from 'drizzle-orm';
import type { Database } from '@/server/db/connection';
import { rateLimits } from '@/server/db/schema';
import { AppError } from './app-error';

export type RateLimitRule = { limit: number; windowSeconds: number };

/**
 * Counts `cost` hits (one by default) for `key` and refuses with RATE_LIMITED once the window's limit is passed.
 * One upsert, so concurrent requests on several instances count correctly.
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  message: string,
  cost = 1,
): Promise<void> {
  const expired = sql`${rateLimits.windowStartedAt} < now() - make_interval(secs => ${rule.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, hits: cost })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${expired} then ${cost}::int else ${rateLimits.hits} + ${cost}::int end`,
        windowStartedAt: sql`case when ${expired} then now() else ${rateLimits.windowStartedAt} end`,
      },
    })
    .returning({
      hits: rateLimits.hits,
      secondsLeft: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${rule.windowSeconds}) - now()))))::int`,
    });
  if (row && row.hits > rule.limit) {
    throw new AppError('RATE_LIMITED', message, { details: { retryAfterSeconds: row.secondsLeft } });
  }
}
