import { z } from 'zod';

/** Facts about this deployment that public pages need; nothing secret. */
export const publicConfigSchema = z.object({
  supportEmail: z.string(),
  /** The built-in demo Canvas and its demo teacher's token (demo data only, nothing to protect). */
  demoCanvas: z.object({ url: z.string(), token: z.string() }).nullable(),
  aiEngine: z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']),
  /** off: neither Stripe nor test mode; every purchase is refused with "billing is not configured". */
  billingMode: z.enum(['stripe', 'test', 'off']),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
