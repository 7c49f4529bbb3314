import { z } from 'zod';

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string().nullable(),
  school_name: z.string().nullable(),
  canvas_instance_url: z.string().nullable(),
  /** Whether a Canvas token is stored. The token itself never leaves the server. */
  canvas_connected: z.boolean(),
  updated_at: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.strictObject({
  fullName: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(120, 'Full name must be at most 120 characters')
    .optional(),
  schoolName: z.string().trim().max(160, 'School name must be at most 160 characters').optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;
