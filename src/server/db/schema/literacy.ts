import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** Newsletter and webinar sign-ups: one row per address and list; signing up twice is not an error. */
export const mailingListSignups = pgTable(
  'mailing_list_signups',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    /** 'ai-literacy-newsletter' or 'webinar:{slug}'. */
    list: text().notNull(),
    source: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.email, table.list)],
);
