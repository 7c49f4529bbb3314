import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A teacher's plan. No row means the Free Trial. Billing (Stripe webhooks or local test mode)
 * is the only writer; usage reads it to find the current billing period.
 */
export const subscribers = pgTable('subscribers', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text().notNull(),
  subscribed: boolean().notNull().default(false),
  subscriptionTier: text().notNull().default('Free Trial'),
  billingInterval: text({ enum: ['month', 'year'] }),
  /** The cycle's anchor: usage periods are whole months counted from here. */
  billingCycleStart: timestamp({ withTimezone: true }),
  subscriptionEnd: timestamp({ withTimezone: true }),
  stripeCustomerId: text(),
  stripeSubscriptionId: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Submissions counted per teacher and billing period; the Free Trial's period is 'trial'. */
export const usageTracking = pgTable(
  'usage_tracking',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    billingPeriod: text().notNull(),
    /** YYYY-MM of the period's start, as the spec's usage_tracking names it. */
    monthYear: text().notNull(),
    submissionsUsed: integer().notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.billingPeriod] })],
);

/** Extra submission packs, valid for the billing period they were bought in. */
export const submissionPurchases = pgTable(
  'submission_purchases',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    billingPeriod: text().notNull(),
    submissions: integer().notNull(),
    amountCents: integer().notNull(),
    /** The checkout that paid for it; unique so a replayed event adds nothing. */
    paymentReference: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId, table.billingPeriod)],
);

/**
 * AI drafts, encrypted (AES-256-GCM), kept at most 24 hours so the teacher can come back to a
 * class drafted in the background. Student work itself is never stored.
 */
export const gradingDrafts = pgTable(
  'grading_drafts',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `{kind}:{courseId}:{itemId}`, e.g. `assignment:12:340`. */
    scope: text().notNull(),
    studentId: text().notNull(),
    sealedDraft: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope, table.studentId] }), index().on(table.expiresAt)],
);

/** Progress of a "draft the whole class" run; its students are jobs in the queue (src/server/jobs). */
export const draftJobs = pgTable(
  'draft_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: text().notNull(),
    total: integer().notNull(),
    completed: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** Students already counted, so a job retried after its instance died is not counted twice. */
    countedStudents: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text({ enum: ['running', 'finished', 'cancelled'] })
      .notNull()
      .default('running'),
    /** Why students of the run failed, in the teacher's words (the latest reason); null when none did. */
    failureReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index().on(table.userId, table.scope),
    // At most one run in progress per teacher and assignment: a second start finds the first.
    uniqueIndex('draft_jobs_one_running')
      .on(table.userId, table.scope)
      .where(sql`status = 'running'`),
  ],
);
