import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A school on the Institutional Plan, created by its first admin from an operator's invitation
 * (`npm run institution:invite`). The developer key's secret is sealed like a Canvas token.
 */
export const institutions = pgTable('institutions', {
  id: uuid().primaryKey().defaultRandom(),
  name: text().notNull(),
  /** The invitation it was created from: an invitation creates one institution, once. */
  invitationId: text().notNull().unique(),
  canvasUrl: text(),
  canvasClientId: text(),
  /** AES-256-GCM ciphertext of the developer key's secret; never returned. */
  canvasClientSecret: text(),
  /** Off: the institution's teachers connect only with Connect with Canvas. */
  allowPersonalTokens: boolean().notNull().default(true),
  /** The client id of the institution's Canvas LTI key: launches name it, so one institution has it. */
  ltiClientId: text().unique(),
  /** The deployment id Canvas showed when the LTI key was installed; a launch from another is refused. */
  ltiDeploymentId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Who belongs to an institution, as what. A teacher belongs to one institution at most. */
export const institutionMembers = pgTable(
  'institution_members',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionId: uuid()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    /** 'admin' or 'teacher'. */
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.institutionId)],
);
