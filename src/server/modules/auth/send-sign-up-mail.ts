import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '@/server/config';
import type { Mailer } from '@/server/adapters/mail/mailer';
import type { UserRecord } from './auth-store';
import type { SignUpOutcome } from './sign-up';
import { accountExistsMail } from './welcome-mail';

export type SignUpMailDeps = {
  /** Queues the new teacher's welcome (a durable job: it survives a restart in the second before it is sent). */
  queueWelcomeMail: (user: UserRecord) => Promise<void>;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'publicUrl' | 'mail'>;
  log: FastifyBaseLogger;
};

/**
 * The mail that follows an accepted sign-up: a new account's welcome, or a note to the owner of an
 * e-mail that already had one (the caller gets the same answer either way). The note goes through
 * the outbox, retried like every other mail. Neither holds up the answer: a failure to queue is
 * only logged.
 */
export function createSignUpMailSender(deps: SignUpMailDeps): (outcome: SignUpOutcome) => void {
  return (outcome) => {
    const sent =
      outcome.kind === 'created'
        ? deps.queueWelcomeMail(outcome.user)
        : deps.mailer.send(accountExistsMail(outcome.email, deps.config)).then(() => undefined);
    sent.catch((error: unknown) => deps.log.error({ err: error }, 'sign-up mail not queued'));
  };
}
