import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildTestApp, signUpAndIn } from '@/server/test/test-app';
import pino from 'pino';
import { loggerOptions, serializeError } from '@/server/core/logger';
import { createMailer } from '@/server/adapters/mail/mailer';

/**
 * The server's log must never carry what a teacher or a student typed: a failing query repeats its
 * parameters in the error, and our own log calls could carry bodies. These tests read every line the
 * server writes while real requests run and real queries fail.
 */

const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const harness = buildTestApp({ logStream: stream });

const secretWords = {
  name: 'Zenobia Quartermaine',
  email: 'zenobia.quartermaine@school.test',
  subject: 'Private question about Ruth',
  message: 'My student Ruth Featherstonehaugh is struggling with her essay on tides.',
};

describe('the log', () => {
  it('holds no names, e-mails or message text when a query with them fails', async () => {
    // A real constraint that the insert of this message breaks: the database answers with an error
    // whose message lists every parameter of the insert.
    await harness.database.db.execute(
      sql.raw(`alter table contact_messages add constraint reject_for_test check (subject not like 'Private%')`),
    );
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      payload: { ...secretWords, type: 'contact' },
      remoteAddress: '203.0.113.77',
    });
    await harness.database.db.execute(sql.raw('alter table contact_messages drop constraint reject_for_test'));

    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('Failed query');
    const log = lines.join('\n');
    expect(log).toContain('Failed query');
    expect(log).toContain('reject_for_test');
    for (const word of Object.values(secretWords)) expect(log).not.toContain(word);
    expect(log).not.toContain('Featherstonehaugh');
  });

  it('holds no passwords, tokens or cookies from sign-in and protected requests', async () => {
    const teacher = await signUpAndIn(harness.app, {
      email: 'ada.lovelace.logs@school.test',
      fullName: 'Ada Logsworth',
    });
    await harness.app.inject({ method: 'GET', url: '/api/profile', headers: teacher.headers });
    const log = lines.join('\n');
    expect(log).not.toContain(teacher.password);
    expect(log).not.toContain(teacher.accessToken);
    expect(log).not.toContain(teacher.refreshCookie);
    expect(log).not.toContain('ada.lovelace.logs@school.test');
  });
});

describe('e-mail addresses', () => {
  it('are not logged when a mail is kept in the outbox, when SMTP refuses a recipient, or in any line', async () => {
    const before = lines.length;
    await harness.services.mailer.send({
      to: 'kept.recipient@school.test',
      subject: 'Reply to sender.person@school.test',
      text: 'Kept',
    });
    const refusing = createMailer(
      harness.database.db,
      {
        kind: 'smtp',
        deliver: () => Promise.reject(new Error('Recipient command failed: 550 5.1.1 <refused.recipient@school.test>')),
      },
      pino(loggerOptions('info'), stream),
    );
    await refusing.send({ to: 'refused.recipient@school.test', subject: 'Hello', text: 'Refused' });
    harness.app.log.info({ note: ['wrote to listed.person@school.test'] }, 'told first.person@sub.school.test');
    const written = lines.slice(before).join('\n');
    expect(written).toContain('mail kept in the outbox');
    expect(written).toContain('mail delivery failed');
    expect(written).toContain('Recipient command failed: 550 5.1.1 <[e-mail]>');
    expect(written).toContain('told [e-mail]');
    for (const address of ['kept.recipient', 'sender.person', 'refused.recipient', 'listed.person', 'first.person'])
      expect(written).not.toContain(address);
  });
});

describe('serializeError', () => {
  it('keeps the SQL, the constraint and the chain of causes, and drops the values', () => {
    const cause = Object.assign(new Error('new row for relation "users" violates check constraint "c"'), {
      code: '23514',
      constraint: 'c',
      table: 'users',
      detail: 'Failing row contains (ann@school.org, Ann Example).',
    });
    const error = new Error(
      'Failed query: insert into "users" ("email", "name") values ($1, $2)\nparams: ann@school.org,Ann Example',
      {
        cause,
      },
    );
    const safe = serializeError(error);
    expect(safe.message).toBe(
      'Failed query: insert into "users" ("email", "name") values ($1, $2)\nparams: [redacted]',
    );
    expect(safe.stack).not.toContain('ann@school.org');
    expect(safe.cause).toMatchObject({ code: '23514', constraint: 'c', table: 'users' });
    expect(JSON.stringify(safe)).not.toContain('ann@school.org');
    expect(JSON.stringify(safe)).not.toContain('Ann Example');
  });
});
