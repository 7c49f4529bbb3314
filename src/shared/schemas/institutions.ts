import { z } from 'zod';
import { emailSchema } from './common';

export const createInstitutionSchema = z.strictObject({
  code: z.string({ error: 'Invitation code is required' }).trim().min(1, 'Invitation code is required').max(2000),
});

/** The AI engines an institution may supply a key for (the installation's list, offline aside). */
export const INSTITUTION_AI_PROVIDERS = ['openai', 'anthropic', 'openai-compatible'] as const;

/** The longest an institution may keep drafts: the installation's own limit (24 hours). */
export const MAX_DRAFT_RETENTION_HOURS = 24;

const domainPattern = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/**
 * What an admin sets. The secrets (`canvasClientSecret`, `aiApiKey`) are never sent back: absent keeps
 * the stored one. The other fields added after the first slice keep their value when absent too.
 */
export const institutionSettingsSchema = z.strictObject({
  canvasUrl: z.string().trim().min(1).max(500).nullable(),
  canvasClientId: z.string().trim().min(1).max(200).nullable(),
  canvasClientSecret: z.string().trim().min(1).max(500).optional(),
  /** The developer key enforces scopes (Canvas's "Enforce Scopes"): Margin asks for the ones it uses. */
  canvasEnforcesScopes: z.boolean().optional(),
  allowPersonalTokens: z.boolean(),
  emailDomain: z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(z.string().regex(domainPattern, 'Enter a domain such as northridge.edu'))
    .nullable()
    .optional(),
  aiProvider: z.enum(INSTITUTION_AI_PROVIDERS).nullable().optional(),
  aiModel: z.string().trim().min(1).max(200).nullable().optional(),
  aiApiKey: z.string().trim().min(1).max(500).optional(),
  aiBaseUrl: z.url({ error: 'Enter the full address, starting with https://' }).max(500).nullable().optional(),
  draftRetentionHours: z
    .number()
    .int()
    .min(1, 'Keep drafts for at least 1 hour')
    .max(MAX_DRAFT_RETENTION_HOURS, `Drafts are kept at most ${MAX_DRAFT_RETENTION_HOURS} hours`)
    .nullable()
    .optional(),
  addAiLine: z.boolean().optional(),
});
export type InstitutionSettings = z.infer<typeof institutionSettingsSchema>;

/** The Canvas LTI key an admin installed: its client id and the deployment id Canvas showed. */
export const institutionLtiSettingsSchema = z.strictObject({
  ltiClientId: z
    .string()
    .trim()
    .regex(/^\d{1,30}$/, 'The LTI key’s client id is the number Canvas shows in the Details column.')
    .nullable(),
  ltiDeploymentId: z
    .string()
    .trim()
    .min(1, 'The deployment id is required with a client id.')
    .max(255, 'A deployment id is at most 255 characters.')
    .nullable(),
});
export type InstitutionLtiSettings = z.infer<typeof institutionLtiSettingsSchema>;

export const institutionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['admin', 'teacher']),
  canvasUrl: z.string().nullable(),
  canvasClientId: z.string().nullable(),
  hasClientSecret: z.boolean(),
  canvasEnforcesScopes: z.boolean(),
  allowPersonalTokens: z.boolean(),
  emailDomain: z.string().nullable(),
  /** Submissions a month shared by its teachers; null is unlimited. */
  monthlyAllowance: z.number().nullable(),
  aiProvider: z.enum(INSTITUTION_AI_PROVIDERS).nullable(),
  aiModel: z.string().nullable(),
  hasAiApiKey: z.boolean(),
  aiBaseUrl: z.string().nullable(),
  draftRetentionHours: z.number().nullable(),
  addAiLine: z.boolean(),
  ltiClientId: z.string().nullable(),
  ltiDeploymentId: z.string().nullable(),
  /** Margin's LTI 1.3 configuration, the URL an admin gives Canvas to create the LTI key. */
  ltiConfigurationUrl: z.string(),
});
export type InstitutionView = z.infer<typeof institutionViewSchema>;

/** An admin's list of people: who, in which role, when active and how much used, never anything of their students. */
export const institutionMembersSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      email: z.string(),
      fullName: z.string().nullable(),
      role: z.enum(['admin', 'teacher']),
      joinedAt: z.string(),
      lastActiveAt: z.string().nullable(),
      usageByMonth: z.array(z.object({ month: z.string(), used: z.number() })),
    }),
  ),
});
export type InstitutionMembers = z.infer<typeof institutionMembersSchema>;

export const inviteTeacherSchema = z.strictObject({
  email: emailSchema,
});

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export const invitationsSchema = z.object({ invitations: z.array(invitationSchema) });
export type Invitations = z.infer<typeof invitationsSchema>;

export const invitationParamsSchema = z.object({ invitationId: z.uuid({ error: 'Unknown invitation' }) });
export const memberParamsSchema = z.object({ userId: z.uuid({ error: 'Unknown teacher' }) });

export const joinInstitutionSchema = z.strictObject({
  token: z.string({ error: 'The link is incomplete' }).trim().min(20, 'The link is incomplete').max(200),
});

export const domainJoinSchema = z.object({ institutionName: z.string().nullable(), sentTo: z.string().nullable() });

export const institutionAuditSchema = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      action: z.string(),
      actorEmail: z.string().nullable(),
      details: z.record(z.string(), z.unknown()).nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type InstitutionAudit = z.infer<typeof institutionAuditSchema>;
