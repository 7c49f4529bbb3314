import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@/server/db/connection';
import { mailOutbox } from '@/server/db/schema';
import type { MailMessage, MailTransport } from './port';

export const MAX_DELIVERY_ATTEMPTS = 8;

export type Mailer = {
  /** Stores the message, then tries to deliver it once. Never throws for a delivery failure. */
  send(message: MailMessage): Promise<{ id: string; delivered: boolean }>;
  /** Retries the messages whose next attempt is due. Returns how many were delivered. */
  deliverDue(now?: Date): Promise<number>;
  readonly transportKind: MailTransport['kind'];
};

/**
 * Mail is written to the outbox table before anything else, so a message is never lost: with SMTP
 * the row is retried with backoff until the server accepts it; without SMTP the row is the
 * delivery, and a log line says so.
 */
export function createMailer(db: Database, transport: MailTransport | null, log: FastifyBaseLogger): Mailer {
  async function attempt(id: string, message: MailMessage, attempts: number): Promise<boolean> {
    if (!transport) return false;
    try {
      await transport.deliver(message);
      await db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), attempts: attempts + 1, lastError: null })
        .where(eq(mailOutbox.id, id));
      return true;
    } catch (error) {
      const nextAttempts = attempts + 1;
      const backoffSeconds = Math.min(3600, 15 * 2 ** attempts);
      await db
        .update(mailOutbox)
        .set({
          attempts: nextAttempts,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          status: nextAttempts >= MAX_DELIVERY_ATTEMPTS ? 'failed' : 'pending',
          nextAttemptAt: new Date(Date.now() + backoffSeconds * 1000),
        })
        .where(eq(mailOutbox.id, id));
      log.warn({ err: error, mailId: id, attempts: nextAttempts }, 'mail delivery failed; will retry');
      return false;
    }
  }

  return {
    transportKind: transport?.kind ?? 'outbox',
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: message.to,
          replyTo: message.replyTo ?? null,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          status: transport ? 'pending' : 'kept',
        })
        .returning({ id: mailOutbox.id });
      const id = row!.id;
      if (!transport) {
        // The row holds the recipient and the subject (which a visitor may have written); the log only its id.
        log.info({ mailId: id }, 'mail kept in the outbox (no SMTP_URL set)');
        return { id, delivered: false };
      }
      return { id, delivered: await attempt(id, message, 0) };
    },
    async deliverDue(now = new Date()) {
      if (!transport) return 0;
      const due = await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(20);
      let delivered = 0;
      for (const row of due) {
        // Claim the row so a second instance does not send it twice.
        const claimed = await db
          .update(mailOutbox)
          .set({ nextAttemptAt: sql`now() + interval '5 minutes'` })
          .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now)))
          .returning({ id: mailOutbox.id });
        if (claimed.length === 0) continue;
        const message: MailMessage = {
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          ...(row.htmlBody ? { html: row.htmlBody } : {}),
          ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        };
        if (await attempt(row.id, message, row.attempts)) delivered += 1;
      }
      return delivered;
    },
  };
}
