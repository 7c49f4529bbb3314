import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * What Margin last saved for one student (or one quiz submission) on one grading screen: the
 * comment it posted, so a re-save edits it instead of posting a second; the billing period the save
 * was paid in, so a re-save in the same period costs no second credit; and, sealed, what Canvas held
 * before the last save, so Undo can put it back (decision 051).
 */
export const gradeSaves = pgTable(
  'grade_saves',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The draft scope of the screen (`assignment:12:340`). */
    scope: text().notNull(),
    /** The student's id, or `submission:<id>` on a quiz. */
    subject: text().notNull(),
    /** The submission comment Margin posted, if any. */
    commentId: integer(),
    /** The billing period the save was paid in. */
    paidPeriod: text(),
    /** Sealed JSON: the grade and comment Canvas held before the last save, while Undo is offered. */
    sealedUndo: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope, table.subject] })],
);

/**
 * The teacher's grading choices, kept across devices: whether her comments end with the line that
 * says AI drafted them (off until she turns it on), and whether a
 * save far from her earlier grades shows the drift note (on until she turns it off, decision 060).
 */
export const gradingPreferences = pgTable('grading_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  aiLine: boolean().notNull().default(false),
  driftNotes: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Comments the teacher wrote or kept, offered back on later students of the same screen (decision
 * 061). Her words only: roster names and quoted student text are taken out before a row is written.
 */
export const commentBank = pgTable(
  'comment_bank',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The draft scope of the screen (`assignment:12:340`): one course and one assignment. */
    scope: text().notNull(),
    text: text().notNull(),
    pinned: boolean().notNull().default(false),
    /** How often she saved it (or inserted it); the list puts the most used first after the pinned. */
    uses: integer().notNull().default(1),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId, table.scope)],
);

/**
 * The teacher's drafting choices on one grading screen, kept so they hold when she comes back and
 * for a whole-class run: today whether drafts grade with the rubric (decision 066). No row means the
 * spec's default (rubric off).
 */
export const gradingChoices = pgTable(
  'grading_choices',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The draft scope of the screen (`assignment:12:340`). */
    scope: text().notNull(),
    useRubric: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope] })],
);
