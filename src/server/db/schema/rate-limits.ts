import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window request counters, shared by every instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
