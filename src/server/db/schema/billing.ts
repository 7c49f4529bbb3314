import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A checkout the teacher started: a plan subscription or an extra pack. With Stripe it mirrors the
 * Checkout Session; in local test mode it is the checkout itself, completed or cancelled in-app.
 */
export const billingCheckouts = pgTable(
  'billing_checkouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['subscription', 'extra_pack'] }).notNull(),
    planName: text(),
    billingInterval: text({ enum: ['month', 'year'] }),
    amountCents: integer().notNull(),
    status: text({ enum: ['open', 'completed', 'cancelled', 'expired'] })
      .notNull()
      .default('open'),
    provider: text({ enum: ['stripe', 'local'] }).notNull(),
    providerSessionId: text().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.userId, table.createdAt)],
);

/** Every payment event applied once: a replayed webhook finds its id here and changes nothing. */
export const billingEvents = pgTable('billing_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  provider: text({ enum: ['stripe', 'local'] }).notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
