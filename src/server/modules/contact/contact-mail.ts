import type { MailMessage } from '@/server/adapters/mail/port';
import {
  BUDGET_RANGE_OPTIONS,
  EDUCATION_LEVEL_OPTIONS,
  IMPLEMENTATION_TIMELINE_OPTIONS,
  LMS_SYSTEM_OPTIONS,
  NUMBER_OF_TEACHERS_OPTIONS,
  optionLabel,
  type ContactMessage,
  type InstitutionalInquiry,
} from '@/shared/schemas/contact';
import { oneLine } from './hand-to-mailer';

const TYPE_LABELS = { contact: 'General Contact', support: 'Technical Support' } as const;

/** The mail support receives for a contact form message; replying answers the sender. */
export function contactMessageMail(
  message: Omit<ContactMessage, 'website'>,
  reference: { id: string; receivedAt: Date; supportEmail: string },
): MailMessage {
  const kind = TYPE_LABELS[message.type];
  return {
    to: reference.supportEmail,
    replyTo: message.email,
    subject: oneLine(`[${kind}] ${message.subject}`),
    text: [
      `New ${kind} message from the Margin contact form.`,
      '',
      `From: ${oneLine(message.name)} <${message.email}>`,
      `Subject: ${oneLine(message.subject)}`,
      `Received: ${reference.receivedAt.toISOString()}`,
      `Reference: ${reference.id}`,
      '',
      message.message,
      '',
      '-- ',
      'Reply to this e-mail to answer the sender directly.',
    ].join('\n'),
  };
}

/** The mail support receives for an institutional pricing inquiry. */
export function institutionalInquiryMail(
  inquiry: Omit<InstitutionalInquiry, 'website'>,
  reference: { id: string; receivedAt: Date; supportEmail: string },
): MailMessage {
  const rows: [string, string][] = [
    ['Organization', oneLine(inquiry.organizationName)],
    ['Contact person', oneLine(inquiry.contactPerson)],
    ['Email', inquiry.email],
    ['Phone', oneLine(inquiry.phone)],
    ['Education level', optionLabel(EDUCATION_LEVEL_OPTIONS, inquiry.educationLevel)],
    ['Number of teachers', optionLabel(NUMBER_OF_TEACHERS_OPTIONS, inquiry.numberOfTeachers)],
    ['LMS', optionLabel(LMS_SYSTEM_OPTIONS, inquiry.lmsSystem)],
    ['Implementation timeline', optionLabel(IMPLEMENTATION_TIMELINE_OPTIONS, inquiry.implementationTimeline)],
    ['Budget range', optionLabel(BUDGET_RANGE_OPTIONS, inquiry.budgetRange) || 'Not given'],
  ];
  return {
    to: reference.supportEmail,
    replyTo: inquiry.email,
    subject: oneLine(`[Institutional Inquiry] ${inquiry.organizationName}`),
    text: [
      'New institutional pricing inquiry. A custom quote is promised within 24 hours.',
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      `Received: ${reference.receivedAt.toISOString()}`,
      `Reference: ${reference.id}`,
      '',
      'Current challenges:',
      inquiry.currentChallenges,
      '',
      'Additional requirements:',
      inquiry.additionalRequirements ?? 'None given',
      '',
      '-- ',
      'Reply to this e-mail to answer the contact person directly.',
    ].join('\n'),
  };
}
