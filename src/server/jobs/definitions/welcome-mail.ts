import { z } from 'zod';
import { defineJob } from './define-job';

/** The welcome mail, a second after sign-up (spec part 1 §4): the new account's id. */
export const welcomeMailJob = defineJob<{ userId: string }>({
  name: 'welcome-mail',
  version: 1,
  schema: z.object({ userId: z.uuid() }),
});
