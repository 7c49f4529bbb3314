import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '@/server/adapters/mail/mailer';
import type { MailMessage } from '@/server/adapters/mail/port';

/** How long a request waits for the first delivery attempt before answering anyway. */
export const MAIL_HANDOFF_WAIT_MS = 2000;

/**
 * Gives an already stored message to the mailer (which writes its outbox row, then tries SMTP and
 * keeps retrying in the background). The visitor's message is safe in our table before this runs,
 * so nothing here can fail the request: an error is logged for the operator, and a slow SMTP
 * server only delays the answer by at most MAIL_HANDOFF_WAIT_MS. A handoff still running then is
 * tracked, so closing the app waits for it instead of cutting its database writes short.
 */
export async function handToMailer(
  deps: { mailer: Mailer; log: FastifyBaseLogger; trackBackgroundWork: (work: Promise<unknown>) => void },
  mail: MailMessage,
  logContext: Record<string, unknown>,
  link?: (mailId: string) => Promise<void>,
): Promise<void> {
  const handoff = deps.mailer
    .send(mail)
    .then(({ id }) => link?.(id))
    .catch((error: unknown) => {
      deps.log.error({ err: error, ...logContext }, 'stored message could not be handed to the mailer');
    });
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'waited'>((resolve) => {
    timer = setTimeout(() => resolve('waited'), MAIL_HANDOFF_WAIT_MS);
  });
  const outcome = await Promise.race([handoff, deadline]);
  clearTimeout(timer);
  if (outcome === 'waited') deps.trackBackgroundWork(handoff);
}

/** Header values come from visitors: keep them on one line. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, ' ').trim();
}
