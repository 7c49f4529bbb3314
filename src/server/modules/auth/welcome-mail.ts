import type { Config } from '@/server/config';
import type { MailMessage } from '@/server/adapters/mail/port';
import type { UserRecord } from './auth-store';

/** What the mails link to and sign with. */
type MailConfig = Pick<Config, 'publicUrl' | 'mail'>;

const firstNameOf = (fullName: string | null) => fullName?.trim().split(/\s+/)[0] || 'there';

export function welcomeMail(user: UserRecord, config: MailConfig): MailMessage {
  return {
    to: user.email,
    subject: 'Welcome to Margin',
    text: [
      `Hi ${firstNameOf(user.fullName)},`,
      '',
      'Welcome to Margin. Your first 10 submissions are free, no credit card needed.',
      '',
      `Connect Canvas to get started: ${config.publicUrl}/canvas-setup`,
      '',
      'Margin drafts grades and feedback; you review, edit and approve every one before it reaches a student.',
      '',
      `Questions? Write to ${config.mail.supportEmail}.`,
      '',
      'The Margin team',
    ].join('\n'),
  };
}

/** Sent instead of a welcome when someone signs up with an e-mail that already has an account. */
export function accountExistsMail(email: string, config: MailConfig): MailMessage {
  return {
    to: email,
    subject: 'You already have a Margin account',
    text: [
      'Hi there,',
      '',
      'Someone, perhaps you, just tried to create a Margin account with this e-mail address.',
      'You already have one, so nothing was changed.',
      '',
      `Sign in here: ${config.publicUrl}/auth`,
      '',
      `If this was not you, you can ignore this message. Questions? Write to ${config.mail.supportEmail}.`,
      '',
      'The Margin team',
    ].join('\n'),
  };
}
