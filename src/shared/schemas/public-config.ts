import { z } from 'zod';

/** Facts about this deployment that public pages need; nothing secret. */
export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  demoCanvasUrl: z.string().nullable(),
  aiEngine: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']),
  billingMode: z.enum(['stripe', 'test']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
