import type { MailMessage } from '@/server/adapters/mail/port';
import type { MailingListKey } from '@/shared/schemas/literacy';

type Links = { publicUrl: string; supportEmail: string };

/** The confirmation a visitor receives after joining the newsletter or registering for the webinar. */
export function signupConfirmationMail(list: MailingListKey, email: string, links: Links): MailMessage {
  const { publicUrl, supportEmail } = links;
  const notYou = [
    '',
    `Did not sign up? Someone may have typed your address by mistake. Write to ${supportEmail} and we will remove it.`,
    '',
    '-- ',
    'Margin: AI-drafted grades and feedback that teachers approve, and AI-literacy tools for teachers.',
  ];
  if (list === 'webinar') {
    return {
      to: email,
      subject: "You're registered: Building AI Literacy: A Practical Approach",
      text: [
        'Thank you for registering for the Margin webinar "Building AI Literacy: A Practical Approach".',
        '',
        'The date is not fixed yet. We will write to this address with the date, the time and the joining link before the session.',
        '',
        'While you wait, two things you can use today:',
        `- The AI Pedagogy Hub, six articles on teaching with AI: ${publicUrl}/ai-pedagogy`,
        `- The Assignment Integration Tool, which adds AI literacy to an assignment of yours with the DIVER framework: ${publicUrl}/ai-assignment-integration`,
        ...notYou,
      ].join('\n'),
    };
  }
  return {
    to: email,
    subject: "You're subscribed to the Margin AI Literacy Newsletter",
    text: [
      'Thank you for subscribing to the Margin AI Literacy Newsletter.',
      '',
      'We will write when there is something worth your time: new articles in the AI Pedagogy Hub, classroom-tested ideas, webinar dates, and the resource center categories as they open.',
      '',
      'To start with:',
      `- The AI Pedagogy Hub: ${publicUrl}/ai-pedagogy`,
      `- The Assignment Integration Tool: ${publicUrl}/ai-assignment-integration`,
      `- The community page: ${publicUrl}/ai-literacy/community`,
      '',
      `To unsubscribe, reply to this mail or write to ${supportEmail}.`,
      ...notYou,
    ].join('\n'),
  };
}
