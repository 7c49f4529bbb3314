import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid().primaryKey().defaultRandom(),
  /** Stored lower-cased and trimmed; unique. */
  email: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const userCredentials = pgTable('user_credentials', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** argon2id encoded hash (algorithm, parameters and salt included). */
  passwordHash: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * One row per issued refresh token. Tokens of one sign-in share a family; using a token rotates it
 * (sets rotatedAt and issues the next one). Presenting a rotated token again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.familyId), index().on(table.userId)],
);

export const profiles = pgTable('profiles', {
  id: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fullName: text(),
  schoolName: text(),
  canvasInstanceUrl: text(),
  /** AES-256-GCM ciphertext (see core/crypto); never the token itself. */
  canvasAccessToken: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-in counters, per e-mail and per client address, in fixed windows. */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
});
