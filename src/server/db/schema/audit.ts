import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Kept when the user is deleted: the log outlives the account. */
    userId: uuid(),
    action: text().notNull(),
    tableName: text(),
    recordId: text(),
    oldValues: jsonb(),
    newValues: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId, table.createdAt), index().on(table.action)],
);
