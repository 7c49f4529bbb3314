import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import type { Mailer } from '@/server/adapters/mail/mailer';
import { MAILING_LISTS, type MailingListSignup } from '@/shared/schemas/literacy';
import { handToMailer } from '@/server/modules/contact/hand-to-mailer';
import type { MailingListStore } from './mailing-list-store';
import { limitLiteracyUse } from './rate-limits';
import { signupConfirmationMail } from './signup-mail';

export type SignupDeps = {
  db: Database;
  store: MailingListStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  supportEmail: string;
  trackBackgroundWork: (work: Promise<unknown>) => void;
};

/**
 * Puts the address on the list and, the first time only, mails a confirmation. Signing up again
 * answers the same and sends nothing, so the form cannot be used to flood someone's mailbox. Once
 * the row is stored, a mail failure is logged, never reported: the mailer keeps retrying.
 */
export async function signUpForList(deps: SignupDeps, signup: MailingListSignup, clientAddress: string): Promise<void> {
  await limitLiteracyUse(deps.db, 'signup', clientAddress);
  const isNew = await deps.store.add({
    email: signup.email,
    list: MAILING_LISTS[signup.list].id,
    source: signup.source ?? null,
  });
  if (!isNew) {
    deps.log.info({ list: signup.list }, 'mailing-list sign-up for an address already on the list');
    return;
  }
  const mail = signupConfirmationMail(signup.list, signup.email, deps);
  await handToMailer(deps, mail, { list: signup.list });
}
