import { z } from 'zod';

/** Trimmed, lower-cased e-mail with the spec's message. 254 is the longest address SMTP allows. */
export const emailSchema = z
  .string({ error: 'Please enter a valid email address' })
  .trim()
  .toLowerCase()
  .max(254, 'Please enter a valid email address')
  .pipe(z.email({ error: 'Please enter a valid email address' }));

/** The error body every failing API call returns. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
