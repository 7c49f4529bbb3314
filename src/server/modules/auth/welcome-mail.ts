import type { Config } from '@/server/config';
import type { MailMessage } from '@/server/adapters/mail/port';
import type { UserRecord } from './auth-store';

export function welcomeMail(user: UserRecord, config: Config): MailMessage {
  const firstName = user.fullName?.trim().split(/\s+/)[0] || 'there';
  return {
    to: user.email,
    subject: 'Welcome to Margin',
    text: [
      `Hi ${firstName},`,
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
