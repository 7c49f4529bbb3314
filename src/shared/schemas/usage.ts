import { z } from 'zod';

export const usageSummarySchema = z.object({
  submissions_used: z.number(),
  limit: z.number(),
  purchased_submissions: z.number(),
  total_limit: z.number(),
  percentage: z.number(),
  billing_period: z.string(),
  subscription_tier: z.string(),
  next_reset_date: z.string().nullable(),
  days_remaining: z.number().nullable(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;
