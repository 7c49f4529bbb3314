import { sql } from 'drizzle-orm';
import { text, timestamp, pgTable, uuid } from 'drizzle-orm/pg-core';

/**
 * Each running instance and the class-draft jobs it holds, renewed every heartbeat. An instance
 * whose heartbeat stops (killed, frozen) has its jobs handed back to the queue by the others.
 */
export const jobInstances = pgTable('job_instances', {
  id: uuid().primaryKey(),
  heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** The queue's ids of the jobs in hand. */
  jobIds: text()
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
});
