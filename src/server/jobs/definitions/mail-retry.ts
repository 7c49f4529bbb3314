import { z } from 'zod';
import { defineJob } from './define-job';

/** Mail due for another attempt is sent every minute (the queue's finest schedule). No payload. */
export const mailRetryJob = defineJob<Record<string, never>>({
  name: 'mail-retry',
  version: 1,
  schema: z.object({}),
});
export const MAIL_RETRY_CRON = '* * * * *';
