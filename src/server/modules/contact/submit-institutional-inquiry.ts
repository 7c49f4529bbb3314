import type { InstitutionalInquiry } from '@/shared/schemas/contact';
import { institutionalInquiryMail } from './contact-mail';
import { limitSubmissions } from './contact-rate-limit';
import { handToMailer } from './hand-to-mailer';
import type { ContactDeps } from './submit-contact-message';

/** Stores an institutional pricing inquiry, then mails it to support; same rules as a contact message. */
export async function submitInstitutionalInquiry(
  deps: ContactDeps,
  input: InstitutionalInquiry,
  clientAddress: string,
): Promise<void> {
  await limitSubmissions(deps.db, 'inquiry', clientAddress);
  const { website, ...inquiry } = input;
  if (website) {
    const id = await deps.store.saveInquiry(inquiry, 'spam');
    deps.log.info({ inquiryId: id }, 'institutional inquiry caught by the honeypot; stored as spam, not mailed');
    return;
  }
  const id = await deps.store.saveInquiry(inquiry, 'received');
  const mail = institutionalInquiryMail(inquiry, { id, receivedAt: new Date(), supportEmail: deps.supportEmail });
  await handToMailer(deps, mail, { inquiryId: id }, (mailId) => deps.store.linkInquiryMail(id, mailId));
}
