import type { Database } from '@/server/db/connection';
import { mailingListSignups } from '@/server/db/schema';

/** The mailing_list_signups table: one row per address and list. */
export function createMailingListStore(db: Database) {
  return {
    /** Adds the address to the list; false when it was already there (not an error). */
    async add(signup: { email: string; list: string; source: string | null }): Promise<boolean> {
      const inserted = await db
        .insert(mailingListSignups)
        .values(signup)
        .onConflictDoNothing({ target: [mailingListSignups.email, mailingListSignups.list] })
        .returning({ id: mailingListSignups.id });
      return inserted.length > 0;
    },
  };
}

export type MailingListStore = ReturnType<typeof createMailingListStore>;
