import { z } from 'zod';

/** What Canvas sends to the login initiation URL (query for GET, form for POST). */
export const ltiLoginRequestSchema = z.object({
  iss: z.string().min(1).max(500),
  login_hint: z.string().min(1).max(2000),
  target_link_uri: z.string().max(2000).optional(),
  lti_message_hint: z.string().max(4000).optional(),
  client_id: z.string().min(1).max(200),
  lti_deployment_id: z.string().max(255).optional(),
  deployment_id: z.string().max(255).optional(),
});

/** Canvas's form post to the launch URL. */
export const ltiLaunchRequestSchema = z.object({
  id_token: z.string().min(1).max(60_000),
  state: z.string().min(1).max(200),
});

/** A first launch waiting for the teacher to sign in: who Canvas said she is, and where she was going. */
export const ltiPendingLinkSchema = z.object({
  institutionName: z.string(),
  canvasName: z.string().nullable(),
  canvasEmail: z.string().nullable(),
  courseTitle: z.string().nullable(),
});
export type LtiPendingLink = z.infer<typeof ltiPendingLinkSchema>;

export const ltiLinkResultSchema = z.object({ openPath: z.string() });
