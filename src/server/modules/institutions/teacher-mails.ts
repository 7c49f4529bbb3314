import type { MailMessage } from '@/server/adapters/mail/port';

type MailContext = { publicUrl: string; supportEmail: string };

const joinLink = (context: MailContext, token: string) =>
  `${context.publicUrl}/join?token=${encodeURIComponent(token)}`;

/** The admin's invitation to a teacher: a link used once, valid for `days`. */
export function teacherInvitationMail(
  context: MailContext,
  values: { to: string; institutionName: string; token: string; days: number },
): MailMessage {
  return {
    to: values.to,
    subject: `${values.institutionName} invites you to Margin`,
    text: [
      'Hello,',
      '',
      `${values.institutionName} uses Margin to draft grades and feedback in Canvas, and invites you to join as a teacher.`,
      'Margin drafts; you review, edit and approve every grade and comment before it reaches a student.',
      '',
      `Join here (the link works once, for ${values.days} days): ${joinLink(context, values.token)}`,
      '',
      `Sign in or create your account with this e-mail address (${values.to}) when the page asks.`,
      '',
      `If you did not expect this, you can ignore it. Questions? Write to ${context.supportEmail}.`,
      '',
      'The Margin team',
    ].join('\n'),
  };
}

/** The confirmation that she owns an address at the school's domain. */
export function domainConfirmationMail(
  context: MailContext,
  values: { to: string; institutionName: string; token: string; hours: number },
): MailMessage {
  return {
    to: values.to,
    subject: `Confirm you teach at ${values.institutionName}`,
    text: [
      'Hello,',
      '',
      `Your e-mail address is at a domain of ${values.institutionName}, which uses Margin for its teachers.`,
      `Confirm it and join ${values.institutionName} (the link works once, for ${values.hours} hours):`,
      joinLink(context, values.token),
      '',
      `Once you join, your grading draws on ${values.institutionName}'s plan, and its administrators see your name, e-mail, last activity and how many submissions you graded each month. They never see your students' work, your drafts, grades or comments.`,
      '',
      `If you did not ask for this, you can ignore it. Questions? Write to ${context.supportEmail}.`,
      '',
      'The Margin team',
    ].join('\n'),
  };
}
