import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { mailOutbox } from './mail';

/**
 * A message is stored here before it is mailed, so a visitor's message is never lost to an SMTP
 * outage. `received` messages are handed to the mailer (mailId points at their outbox row);
 * `spam` (honeypot filled) are kept for inspection and never mailed.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text({ enum: ['contact', 'support'] }).notNull(),
    name: text().notNull(),
    email: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    status: text({ enum: ['received', 'spam'] }).notNull(),
    /** The outbox row of the mail to support; null until handed over (and always for spam). */
    mailId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.createdAt)],
);

/** An institutional pricing inquiry (spec part 2 §3), stored and mailed like a contact message. */
export const institutionalInquiries = pgTable(
  'institutional_inquiries',
  {
    id: uuid().primaryKey().defaultRandom(),
    organizationName: text().notNull(),
    contactPerson: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    educationLevel: text().notNull(),
    numberOfTeachers: text().notNull(),
    lmsSystem: text().notNull(),
    currentChallenges: text().notNull(),
    implementationTimeline: text().notNull(),
    budgetRange: text(),
    additionalRequirements: text(),
    status: text({ enum: ['received', 'spam'] }).notNull(),
    mailId: uuid().references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.createdAt)],
);
