import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  /** The developer key enforces scopes: Connect with Canvas then asks for the API scopes Margin uses. */
  canvasEnforcesScopes: boolean().notNull().default(false),
  /** Off: the institution's teachers connect only with Connect with Canvas. */
  allowPersonalTokens: boolean().notNull().default(true),
  /** Who may join by signing up: an address at this domain, confirmed by the link mailed to it. */
  emailDomain: text(),
  /** The plan the operator sold: submissions per calendar month shared by its teachers; null is unlimited. */
  monthlyAllowance: integer(),
  /** The institution's own AI (decision 063): provider, model, key (sealed; never returned) and base URL. */
  aiProvider: text(),
  aiModel: text(),
  aiApiKey: text(),
  aiBaseUrl: text(),
  /** How long its teachers' drafts are kept, in hours (at most the installation's 24); null is 24. */
  draftRetentionHours: integer(),
  /** Whether its teachers' comments end with a line that the feedback was drafted with AI and reviewed. */
  addAiLine: boolean().notNull().default(false),
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

/**
 * A teacher asked to join: by the admin's invitation e-mail (`kind` 'invitation', listed as pending)
 * or by her own request from the school's domain ('domain'). The link's token is kept as a hash; it
 * is used once and expires.
 */
export const institutionInvitations = pgTable(
  'institution_invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    institutionId: uuid()
      .notNull()
      .references(() => institutions.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    kind: text({ enum: ['invitation', 'domain'] }).notNull(),
    /** SHA-256 of the link's token; a resend replaces it, so the older link stops working. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.institutionId, table.email)],
);
