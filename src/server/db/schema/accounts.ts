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
    /** Set when the one replay the reuse interval allows has been spent; a second replay revokes the family. */
    graceUsedAt: timestamp({ withTimezone: true }),
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
  /** How the teacher connected: 'token' (a personal access token) or 'oauth' (Connect with Canvas). */
  canvasAuthMethod: text(),
  /** OAuth2 only: the refresh token, sealed like the access token. */
  canvasRefreshToken: text(),
  /** OAuth2 only: when Canvas said the access token expires, and when Margin renews it beforehand. */
  canvasTokenExpiresAt: timestamp({ withTimezone: true }),
  canvasTokenRefreshAt: timestamp({ withTimezone: true }),
  /** Why Canvas refused to renew the access (key deleted, access removed): the teacher must reconnect. */
  canvasConnectionProblem: text(),
  /**
   * OAuth2 only: whose developer key the connection was made with, so its refresh and deletion use
   * that key: the institution's id, or null for the installation's (CANVAS_OAUTH_*). No foreign key:
   * when the institution or its key is gone, the renewal is refused with that reason (decision 056).
   */
  canvasOauthInstitutionId: uuid(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Sign-in attempt counters with backoff, one row per key (an e-mail and address pair, an address, an
 * e-mail, a trusted device; see modules/auth/sign-in-throttle.ts). An attempt is counted before the
 * password is checked, and only while `nextAttemptAt` has passed.
 */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text().primaryKey(),
  /** Attempts counted in the current series (a success refunds or clears them). */
  failures: integer().notNull().default(0),
  windowStartedAt: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
  /** The earliest moment the next attempt is counted and checked; before it, attempts are refused. */
  nextAttemptAt: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * The `state` of a "Connect with Canvas" that is under way: bound to the teacher's sign-in, used
 * once (deleted when the callback arrives) and expiring after ten minutes. Only its hash is kept.
 */
export const canvasOauthStates = pgTable(
  'canvas_oauth_states',
  {
    stateHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text().notNull(),
    canvasUrl: text().notNull(),
    /** The institution whose developer key the flow was started with; null for the installation's. */
    institutionId: uuid(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId)],
);
