import { z } from 'zod';
import { emailSchema } from './common';

export const MIN_PASSWORD_LENGTH = 6;
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';

const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(200, 'Password must be at most 200 characters long');

export const signInRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const signUpRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema.min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
  fullName: z
    .string({ error: 'Full name is required' })
    .trim()
    .min(1, 'Full name is required')
    .max(120, 'Full name must be at most 120 characters'),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  identities: z.array(z.object({ provider: z.literal('email'), identity_id: z.string() })),
  factors: z.array(z.unknown()),
  user_metadata: z.object({ full_name: z.string().nullable() }),
  created_at: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * The session of spec part 1 §3. `refresh_token` is always null in a response body: the refresh
 * token lives only in an httpOnly cookie, so page scripts can never read it (docs/decisions/002).
 */
export const sessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.null(),
  token_type: z.literal('bearer'),
  expires_in: z.number(),
  expires_at: z.number(),
  user: sessionUserSchema,
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionResponseSchema = z.object({ session: sessionSchema });
/**
 * One answer for every accepted sign-up, whether the account is new or the e-mail already had one
 * (its owner is told by e-mail), so sign-up does not reveal who has an account.
 */
export const signUpResponseSchema = z.object({ message: z.string() });
