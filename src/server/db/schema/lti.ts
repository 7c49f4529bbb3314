import { jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { institutions } from './institutions';

/**
 * Margin's own key as an LTI tool, generated once: the public half is served as the tool's JWKS,
 * the private half is sealed (AES-256-GCM) and never leaves the server. One row, `slot = 'tool'`.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  slot: text().primaryKey(),
  kid: text().notNull(),
  publicJwk: jsonb().notNull(),
  sealedPrivateJwk: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One LTI login initiation: the `state` (stored hashed) and `nonce` sent to Canvas, for the
 * institution whose LTI key started it. A launch uses it once, before it expires.
 */
export const ltiLogins = pgTable('lti_logins', {
  stateHash: text().primaryKey(),
  nonce: text().notNull().unique(),
  institutionId: uuid()
    .notNull()
    .references(() => institutions.id, { onDelete: 'cascade' }),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** A Canvas user (the platform's `sub`) of an institution, linked to her Margin account on her first launch. */
export const ltiLinks = pgTable(
  'lti_links',
  {
    institutionId: uuid()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    platformUserId: text().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.institutionId, table.platformUserId] })],
);
