import { z } from 'zod';

/** The teacher's grading choices, remembered on the server for every device. */
export const gradingPreferencesSchema = z.object({
  /** End each saved comment with "Feedback drafted with AI and reviewed by your teacher." */
  aiLine: z.boolean(),
  /** Show a quiet note when a saved grade is far from what her earlier grades predict. */
  driftNotes: z.boolean(),
});
export type GradingPreferences = z.infer<typeof gradingPreferencesSchema>;

/** Her choices as the API answers them, with what her institution decides for her. */
export const gradingPreferencesViewSchema = gradingPreferencesSchema.extend({
  /** Her institution ends every saved comment with the AI line, whatever `aiLine` says (decision 063). */
  institutionAiLine: z.boolean(),
});
export type GradingPreferencesView = z.infer<typeof gradingPreferencesViewSchema>;

export const updateGradingPreferencesSchema = z
  .strictObject({
    aiLine: z.boolean({ error: 'Choose on or off for the AI line' }).optional(),
    driftNotes: z.boolean({ error: 'Choose on or off for drift notes' }).optional(),
  })
  .refine((body) => body.aiLine !== undefined || body.driftNotes !== undefined, {
    message: 'Choose at least one setting to change',
  });
export type UpdateGradingPreferences = z.infer<typeof updateGradingPreferencesSchema>;
