import { z } from 'zod';

export const createInstitutionSchema = z.strictObject({
  code: z.string({ error: 'Invitation code is required' }).trim().min(1, 'Invitation code is required').max(2000),
});

/** What an admin sets. An absent `canvasClientSecret` keeps the stored one (it is never sent back). */
export const institutionSettingsSchema = z.strictObject({
  canvasUrl: z.string().trim().min(1).max(500).nullable(),
  canvasClientId: z.string().trim().min(1).max(200).nullable(),
  canvasClientSecret: z.string().trim().min(1).max(500).optional(),
  allowPersonalTokens: z.boolean(),
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
  allowPersonalTokens: z.boolean(),
  ltiClientId: z.string().nullable(),
  ltiDeploymentId: z.string().nullable(),
});
export type InstitutionView = z.infer<typeof institutionViewSchema>;

/** An admin's list of people: who and in which role, never anything of their students. */
export const institutionMembersSchema = z.object({
  members: z.array(z.object({ email: z.string(), role: z.enum(['admin', 'teacher']), joinedAt: z.string() })),
});
