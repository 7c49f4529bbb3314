import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import type { Mailer } from '@/server/adapters/mail/mailer';
import type { ContactMessage } from '@/shared/schemas/contact';
import { contactMessageMail } from './contact-mail';
import { limitSubmissions } from './contact-rate-limit';
import type { ContactStore } from './contact-store';
import { handToMailer } from './hand-to-mailer';

export type ContactDeps = {
  db: Database;
  store: ContactStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  supportEmail: string;
  trackBackgroundWork: (work: Promise<unknown>) => void;
};

/**
 * Stores a contact or support message, then mails it to support with the sender as reply-to.
 * Only a failure to store reaches the sender; a honeypot catch looks like success to the bot but
 * is kept as spam and never mailed.
 */
export async function submitContactMessage(
  deps: ContactDeps,
  input: ContactMessage,
  clientAddress: string,
): Promise<void> {
  await limitSubmissions(deps.db, 'contact', clientAddress);
  const { website, ...message } = input;
  if (website) {
    const id = await deps.store.saveMessage(message, 'spam');
    deps.log.info({ contactMessageId: id }, 'contact message caught by the honeypot; stored as spam, not mailed');
    return;
  }
  const id = await deps.store.saveMessage(message, 'received');
  const mail = contactMessageMail(message, { id, receivedAt: new Date(), supportEmail: deps.supportEmail });
  await handToMailer(deps, mail, { contactMessageId: id }, (mailId) => deps.store.linkMessageMail(id, mailId));
}
