import { z } from 'zod';
import { defineJob } from './define-job';

/** Drafts older than 24 hours are deleted, not just hidden: every hour. No payload. */
export const draftPurgeJob = defineJob<Record<string, never>>({
  name: 'draft-purge',
  version: 1,
  schema: z.object({}),
});
export const DRAFT_PURGE_CRON = '7 * * * *';
