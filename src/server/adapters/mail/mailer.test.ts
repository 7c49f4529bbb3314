import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@/server/db/schema';
import { buildTestApp, openTestDatabase } from '@/server/test/test-app';
import { startSmtpSink } from '@/server/test/smtp-sink';
import type { DatabaseHandle } from '@/server/db/connection';
import { createMailer } from './mailer';
import { createSmtpTransport } from './smtp';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const silentLog = { info() {}, warn() {}, error() {} } as never;

describe('mailer', () => {
  it('delivers over SMTP and records the message as sent', async () => {
    const sink = await startSmtpSink();
    const mailer = createMailer(database.db, createSmtpTransport(sink.url, 'Margin <hello@margin.test>'), silentLog);
    const { id, delivered } = await mailer.send({ to: 'teacher@school.test', subject: 'Hello', text: 'Body text' });
    expect(delivered).toBe(true);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.to).toEqual(['teacher@school.test']);
    expect(sink.received[0]!.raw).toContain('Body text');
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    await sink.close();
  });

  it('keeps a message while SMTP is down and delivers it once SMTP is back', async () => {
    const sink = await startSmtpSink();
    const port = sink.port;
    await sink.close();
    const transport = createSmtpTransport(
      `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=2000`,
      'm@margin.test',
    );
    const mailer = createMailer(database.db, transport, silentLog);
    const { id, delivered } = await mailer.send({ to: 'later@school.test', subject: 'Queued', text: 'Will arrive' });
    expect(delivered).toBe(false);
    const [pending] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.lastError).toBeTruthy();

    const { SMTPServer } = await import('smtp-server');
    const received: string[] = [];
    const revived = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => revived.listen(port, '127.0.0.1', resolve));
    const delivered2 = await mailer.deliverDue(new Date(Date.now() + 60 * 60_000));
    expect(delivered2).toBe(1);
    expect(received.join('')).toContain('Will arrive');
    const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    await new Promise<void>((resolve) => revived.close(() => resolve()));
  });

  it('without SMTP keeps the message in the outbox', async () => {
    const mailer = createMailer(database.db, null, silentLog);
    const { id, delivered } = await mailer.send({ to: 'outbox@school.test', subject: 'Kept', text: 'In the table' });
    expect(delivered).toBe(false);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row).toMatchObject({ status: 'kept', toAddress: 'outbox@school.test', textBody: 'In the table' });
  });
});

describe('the welcome mail', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  const harness = buildTestApp(() => ({ mailTransport: createSmtpTransport(sink.url, 'Margin <hello@margin.test>') }));

  it('is sent about a second after sign-up, over real SMTP', async () => {
    const startedAt = Date.now();
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'welcome@school.test', password: 'secret-ink', fullName: 'Zora Neale Hurston' },
    });
    expect(response.statusCode).toBe(201);
    expect(sink.received).toHaveLength(0);
    await expect.poll(() => sink.received.length, { timeout: 5000 }).toBe(1);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(950);
    expect(sink.received[0]!.to).toEqual(['welcome@school.test']);
    expect(sink.received[0]!.raw).toContain('Hi Zora');
  });
});

describe('the audit log', () => {
  const harness = buildTestApp();

  it('never blocks the user when it cannot be written', async () => {
    await harness.database.db.execute(sql`drop table audit_logs`);
    const response = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'noaudit@school.test', password: 'secret-ink', fullName: 'No Audit' },
    });
    expect(response.statusCode).toBe(201);
  });
});
