import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, createTestApp, openTestDatabase, queryRows, type TestApp } from '@/server/test/test-app';
import { startSmtpSink } from '@/server/test/smtp-sink';
import { createSmtpTransport } from '@/server/adapters/mail/smtp';
import type { MailTransport } from '@/server/adapters/mail/port';
import { MAIL_HANDOFF_WAIT_MS } from './hand-to-mailer';
import {
  BUDGET_RANGE_OPTIONS,
  CONTACT_MESSAGES,
  EDUCATION_LEVEL_OPTIONS,
  IMPLEMENTATION_TIMELINE_OPTIONS,
  INQUIRY_MESSAGES,
  LMS_SYSTEM_OPTIONS,
  NUMBER_OF_TEACHERS_OPTIONS,
  contactMessageSchema,
  institutionalInquirySchema,
} from '@/shared/schemas/contact';
import { CONTACT_RATE_LIMIT } from './contact-rate-limit';

const SUPPORT = 'help-desk@margin.test';
let addressCounter = 0;
/** Each test writes from its own address, so the per-address rate limit never leaks between tests. */
const nextAddress = () => `198.51.100.${(addressCounter += 1)}`;

const validMessage = {
  name: 'Grace Hopper',
  email: 'grace@school.test',
  subject: 'Question about rubrics',
  message: 'Can Margin use the rubric I already have in Canvas?',
  type: 'contact',
  website: '',
};

const validInquiry = {
  organizationName: 'Lakeside Unified',
  contactPerson: 'Dana Whitfield',
  email: 'dana@lakeside.test',
  phone: '+1 (555) 010-2030',
  educationLevel: 'k-12',
  numberOfTeachers: '51-100',
  lmsSystem: 'canvas',
  currentChallenges: 'Our teachers spend every weekend grading essays.',
  implementationTimeline: 'next-semester',
  budgetRange: '15k-50k',
  additionalRequirements: 'Single sign-on for staff.',
  type: 'institutional',
  website: '',
};

/** The mail as a reader sees it: quoted-printable soft breaks and escapes undone. */
function readable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function post(harness: Pick<TestApp, 'app'>, url: string, payload: unknown, remoteAddress = nextAddress()) {
  return harness.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
}

describe('shared validation rules (spec part 1 §5, part 2 §5)', () => {
  it.each([
    ['name', 'A', CONTACT_MESSAGES.name],
    ['name', '  B  ', CONTACT_MESSAGES.name],
    ['email', 'not-an-email', CONTACT_MESSAGES.email],
    ['subject', 'Help', CONTACT_MESSAGES.subject],
    ['message', 'Too short', CONTACT_MESSAGES.message],
  ])('contact: %s = %j gives %j', (field, value, message) => {
    const result = contactMessageSchema.safeParse({ ...validMessage, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });

  it('contact: accepts the shortest valid values and both types', () => {
    for (const type of ['contact', 'support']) {
      const result = contactMessageSchema.safeParse({
        name: 'Al',
        email: 'a@b.co',
        subject: 'Hello',
        message: '0123456789',
        type,
      });
      expect(result.success).toBe(true);
    }
    expect(contactMessageSchema.safeParse({ ...validMessage, type: 'institutional' }).success).toBe(false);
  });

  it.each([
    ['organizationName', 'X', INQUIRY_MESSAGES.organizationName],
    ['contactPerson', '', INQUIRY_MESSAGES.contactPerson],
    ['email', 'dana@', INQUIRY_MESSAGES.email],
    ['phone', '555-0102', INQUIRY_MESSAGES.phone],
    ['phone', 'call me maybe', INQUIRY_MESSAGES.phone],
    ['educationLevel', '', INQUIRY_MESSAGES.educationLevel],
    ['numberOfTeachers', '', INQUIRY_MESSAGES.numberOfTeachers],
    ['lmsSystem', 'webct', INQUIRY_MESSAGES.lmsSystem],
    ['currentChallenges', 'Grading', INQUIRY_MESSAGES.currentChallenges],
    ['implementationTimeline', '', INQUIRY_MESSAGES.implementationTimeline],
  ])('inquiry: %s = %j gives %j', (field, value, message) => {
    const result = institutionalInquirySchema.safeParse({ ...validInquiry, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });

  it('inquiry: budget and additional requirements are optional, and every listed option is accepted', () => {
    const { budgetRange: _budget, additionalRequirements: _extra, ...required } = validInquiry;
    expect(institutionalInquirySchema.parse(required).budgetRange).toBeUndefined();
    expect(
      institutionalInquirySchema.parse({ ...validInquiry, budgetRange: '', additionalRequirements: '  ' }),
    ).toMatchObject({
      budgetRange: undefined,
      additionalRequirements: undefined,
    });
    const lists = {
      educationLevel: EDUCATION_LEVEL_OPTIONS,
      numberOfTeachers: NUMBER_OF_TEACHERS_OPTIONS,
      lmsSystem: LMS_SYSTEM_OPTIONS,
      implementationTimeline: IMPLEMENTATION_TIMELINE_OPTIONS,
      budgetRange: BUDGET_RANGE_OPTIONS,
    };
    for (const [field, options] of Object.entries(lists)) {
      for (const option of options) {
        expect(institutionalInquirySchema.safeParse({ ...validInquiry, [field]: option.value }).success).toBe(true);
      }
    }
  });

  it('inquiry: the option values are those of the spec', () => {
    expect(EDUCATION_LEVEL_OPTIONS.map((o) => o.value)).toEqual([
      'k-12',
      'elementary',
      'middle',
      'high',
      'community-college',
      'university',
      'training',
      'other',
    ]);
    expect(NUMBER_OF_TEACHERS_OPTIONS.map((o) => o.value)).toEqual([
      '1-10',
      '11-25',
      '26-50',
      '51-100',
      '101-250',
      '250+',
    ]);
    expect(LMS_SYSTEM_OPTIONS.map((o) => o.value)).toEqual([
      'canvas',
      'blackboard',
      'moodle',
      'schoology',
      'google-classroom',
      'brightspace',
      'sakai',
      'multiple',
      'other',
      'none',
    ]);
    expect(IMPLEMENTATION_TIMELINE_OPTIONS.map((o) => o.value)).toEqual([
      'immediate',
      '1-month',
      '3-months',
      '6-months',
      'next-semester',
      'next-year',
      'exploring',
    ]);
    expect(BUDGET_RANGE_OPTIONS.map((o) => o.value)).toEqual([
      'under-5k',
      '5k-15k',
      '15k-50k',
      '50k-100k',
      '100k+',
      'flexible',
    ]);
    expect(EDUCATION_LEVEL_OPTIONS.find((o) => o.value === 'k-12')!.label).toBe('K-12 School District');
    expect(EDUCATION_LEVEL_OPTIONS.find((o) => o.value === 'training')!.label).toBe('Training Organization');
  });
});

describe('contact endpoints', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  const harness = buildTestApp(() => ({
    env: { SUPPORT_EMAIL: SUPPORT },
    mailTransport: createSmtpTransport(sink.url, 'Margin <hello@margin.test>'),
  }));

  it('stores a message and mails it to support with the sender as reply-to', async () => {
    const before = sink.received.length;
    const response = await post(harness, '/api/contact/messages', {
      ...validMessage,
      type: 'support',
      name: ' Grace Hopper ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ received: true });
    const rows = await queryRows<{ type: string; name: string; status: string; mail_id: string | null }>(
      harness.database.db,
      sql`select type, name, status, mail_id from contact_messages where email = 'grace@school.test'`,
    );
    expect(rows).toEqual([expect.objectContaining({ type: 'support', name: 'Grace Hopper', status: 'received' })]);
    expect(rows[0]!.mail_id).toBeTruthy();
    await expect.poll(() => sink.received.length).toBe(before + 1);
    const mail = sink.received.at(-1)!;
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.raw).toMatch(/^Reply-To: grace@school\.test/m);
    expect(mail.raw).toMatch(/^Subject: \[Technical Support\] Question about rubrics/m);
    expect(readable(mail.raw)).toContain('Can Margin use the rubric I already have in Canvas?');
  });

  it('stores an inquiry with every field and mails the labels to support', async () => {
    const before = sink.received.length;
    const response = await post(harness, '/api/contact/inquiries', validInquiry);
    expect(response.statusCode).toBe(201);
    const rows = await queryRows(
      harness.database.db,
      sql`select organization_name, education_level, number_of_teachers, lms_system, implementation_timeline, budget_range,
                 additional_requirements, status from institutional_inquiries where email = 'dana@lakeside.test'`,
    );
    expect(rows).toEqual([
      {
        organization_name: 'Lakeside Unified',
        education_level: 'k-12',
        number_of_teachers: '51-100',
        lms_system: 'canvas',
        implementation_timeline: 'next-semester',
        budget_range: '15k-50k',
        additional_requirements: 'Single sign-on for staff.',
        status: 'received',
      },
    ]);
    await expect.poll(() => sink.received.length).toBe(before + 1);
    const mail = sink.received.at(-1)!;
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.raw).toMatch(/^Reply-To: dana@lakeside\.test/m);
    expect(readable(mail.raw)).toContain('Education level: K-12 School District');
    expect(readable(mail.raw)).toContain('Budget range: $15,000 - $50,000');
  });

  it('refuses invalid input with the spec message naming the field, and stores nothing', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['/api/contact/messages', { ...validMessage, name: 'G' }, 'name', CONTACT_MESSAGES.name],
      ['/api/contact/messages', { ...validMessage, email: 'grace' }, 'email', CONTACT_MESSAGES.email],
      ['/api/contact/messages', { ...validMessage, subject: 'Hi' }, 'subject', CONTACT_MESSAGES.subject],
      ['/api/contact/messages', { ...validMessage, message: 'Short' }, 'message', CONTACT_MESSAGES.message],
      ['/api/contact/messages', { ...validMessage, isAdmin: true }, 'isAdmin', 'Unknown field: isAdmin'],
      ['/api/contact/inquiries', { ...validInquiry, phone: '12345' }, 'phone', INQUIRY_MESSAGES.phone],
      ['/api/contact/inquiries', { ...validInquiry, lmsSystem: '' }, 'lmsSystem', INQUIRY_MESSAGES.lmsSystem],
      [
        '/api/contact/inquiries',
        { ...validInquiry, type: 'contact' },
        'type',
        'An inquiry is sent with type institutional',
      ],
    ];
    const [countBefore] = await queryRows<{ count: number }>(
      harness.database.db,
      sql`select (select count(*) from contact_messages) + (select count(*) from institutional_inquiries) as count`,
    );
    for (const [url, payload, field, message] of cases) {
      const response = await post(harness, url, payload);
      expect(response.statusCode, `${field}`).toBe(400);
      expect(response.json().error).toMatchObject({ code: 'VALIDATION', field, message });
    }
    const [countAfter] = await queryRows<{ count: number }>(
      harness.database.db,
      sql`select (select count(*) from contact_messages) + (select count(*) from institutional_inquiries) as count`,
    );
    expect(Number(countAfter!.count)).toBe(Number(countBefore!.count));
  });

  it('answers a filled honeypot like a success, stores it as spam and mails nothing', async () => {
    const before = sink.received.length;
    const message = await post(harness, '/api/contact/messages', {
      ...validMessage,
      email: 'bot@spam.test',
      website: 'http://spam.test',
    });
    const inquiry = await post(harness, '/api/contact/inquiries', {
      ...validInquiry,
      email: 'bot@spam.test',
      website: 'x',
    });
    expect(message.statusCode).toBe(201);
    expect(message.json()).toEqual({ received: true });
    expect(inquiry.statusCode).toBe(201);
    expect(inquiry.json()).toEqual({ received: true });
    const stored = await queryRows(
      harness.database.db,
      sql`select status, mail_id from contact_messages where email = 'bot@spam.test'
          union all select status, mail_id from institutional_inquiries where email = 'bot@spam.test'`,
    );
    expect(stored).toEqual([
      { status: 'spam', mail_id: null },
      { status: 'spam', mail_id: null },
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.received.length).toBe(before);
  });

  it('rate limits each form per client address, with a clear message and a retry time', async () => {
    const address = '203.0.113.50';
    for (let sent = 0; sent < CONTACT_RATE_LIMIT.limit; sent += 1) {
      expect((await post(harness, '/api/contact/messages', validMessage, address)).statusCode).toBe(201);
    }
    const refused = await post(harness, '/api/contact/messages', validMessage, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(
      'You have sent several messages in a short time. Please wait 10 minutes and try again, or email us directly.',
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(500);
    // The other form and another address keep their own counts.
    expect((await post(harness, '/api/contact/inquiries', validInquiry, address)).statusCode).toBe(201);
    expect((await post(harness, '/api/contact/messages', validMessage, '203.0.113.51')).statusCode).toBe(201);
  });
});

describe('storing before sending, with SMTP down', () => {
  // A port where nothing listens yet: the SMTP server comes back on it during the test.
  let port: number;
  beforeAll(async () => {
    const probe = await startSmtpSink();
    port = probe.port;
    await probe.close();
  });
  const harness = buildTestApp(() => ({
    env: { SUPPORT_EMAIL: SUPPORT },
    mailTransport: createSmtpTransport(
      `smtp://127.0.0.1:${port}?ignoreTLS=true&connectionTimeout=2000`,
      'm@margin.test',
    ),
  }));

  it('stores the message, answers it as received, and delivers it once SMTP is back', async () => {
    const { database } = harness;
    const response = await post(harness, '/api/contact/messages', { ...validMessage, email: 'queued@school.test' });
    expect(response.statusCode).toBe(201);
    const [stored] = await queryRows<{ id: string; status: string; mail_status: string; attempts: number }>(
      database.db,
      sql`select m.id, m.status, o.status as mail_status, o.attempts
          from contact_messages m join mail_outbox o on o.id = m.mail_id where m.email = 'queued@school.test'`,
    );
    expect(stored).toMatchObject({ status: 'received', mail_status: 'pending', attempts: 1 });

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
    expect(await harness.services.mailer.deliverDue(new Date(Date.now() + 60 * 60_000))).toBe(1);
    expect(received).toHaveLength(1);
    expect(readable(received[0]!)).toContain('Can Margin use the rubric I already have in Canvas?');
    expect(received[0]).toMatch(/^Reply-To: queued@school\.test/m);
    const [sent] = await queryRows(
      database.db,
      sql`select status, attempts from mail_outbox where id = (select mail_id from contact_messages where email = 'queued@school.test')`,
    );
    expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
    // Delivered once: nothing is left to send.
    expect(await harness.services.mailer.deliverDue(new Date(Date.now() + 60 * 60_000))).toBe(0);
    await new Promise<void>((resolve) => revived.close(() => resolve()));
  });
});

describe('storing before sending, when the message cannot be stored', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());
  const harness = buildTestApp(() => ({ mailTransport: createSmtpTransport(sink.url, 'm@margin.test') }));

  it('gives the sender an error and mails nothing', async () => {
    await harness.database.db.execute(sql`drop table contact_messages`);
    const response = await post(harness, '/api/contact/messages', validMessage);
    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('INTERNAL');
    const outbox = await queryRows(harness.database.db, sql`select id from mail_outbox`);
    expect(outbox).toHaveLength(0);
    expect(sink.received).toHaveLength(0);
  });
});

describe('storing before sending, with a slow SMTP server', () => {
  // This test closes the app itself, to see the close wait for the handoff: it builds its own.
  it('answers after the handoff wait and still links the mail before the app closes', async () => {
    const separate = await openTestDatabase();
    let release: () => void = () => {};
    const slowTransport: MailTransport = {
      kind: 'smtp',
      deliver: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const harness = await createTestApp({ database: separate, mailTransport: slowTransport });
    const started = Date.now();
    const response = await post(harness, '/api/contact/messages', { ...validMessage, email: 'slow@school.test' });
    expect(response.statusCode).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(MAIL_HANDOFF_WAIT_MS - 50);
    const linked = () =>
      queryRows<{ mail_id: string | null }>(
        separate.db,
        sql`select mail_id from contact_messages where email = 'slow@school.test'`,
      );
    expect(await linked()).toEqual([{ mail_id: null }]);
    // Closing waits for the handoff still under way, so the message is linked to its outbox row.
    let isClosed = false;
    const closing = harness.app.close().then(() => (isClosed = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isClosed).toBe(false);
    release();
    await closing;
    const [row] = await linked();
    expect(row!.mail_id).not.toBeNull();
    await separate.close();
  });
});

describe('storing before sending, when the outbox fails', () => {
  const harness = buildTestApp();

  it('does not fail a request whose message is stored', async () => {
    await harness.database.db.execute(sql`drop table mail_outbox cascade`);
    const response = await post(harness, '/api/contact/inquiries', { ...validInquiry, email: 'kept@lakeside.test' });
    expect(response.statusCode).toBe(201);
    const rows = await queryRows(
      harness.database.db,
      sql`select status, mail_id from institutional_inquiries where email = 'kept@lakeside.test'`,
    );
    expect(rows).toEqual([{ status: 'received', mail_id: null }]);
  });
});
