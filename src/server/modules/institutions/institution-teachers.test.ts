import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpTransport } from '@/server/adapters/mail/smtp';
import { startSmtpSink, type ReceivedMail } from '@/server/test/smtp-sink';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';
import { createInvitationCode } from './invitation-code';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());
const harness = buildTestApp(() => ({
  canvas: true,
  mailTransport: createSmtpTransport(sink.url, 'Margin <hello@margin.test>'),
}));

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Person | null, payload?: object) =>
  harness.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });

/** The mail as a reader sees it: quoted-printable soft breaks and escapes undone. */
const readable = (mail: ReceivedMail) =>
  Buffer.from(
    mail.raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The join link's token in the last mail the SMTP server received for `email`. */
function linkMailedTo(email: string) {
  const mail = sink.received.filter((received) => received.to.includes(email)).at(-1);
  if (!mail) throw new Error(`nothing was mailed to ${email}`);
  const text = readable(mail);
  const token = /\/join\?token=([\w-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no join link in the mail to ${email}`);
  return { token, text };
}

const stamp = Date.now();
let admin: Person;
beforeAll(async () => {
  admin = await signUpAndIn(harness.app, {
    email: `it-office-${stamp}@lycee-sainte-helene.test`,
    fullName: 'Hélène Dupré',
  });
  const code = await createInvitationCode(harness.config.appSecret, {
    institutionName: "Lycée Sainte-Hélène d'Orléans",
    adminEmail: admin.email,
    monthlyAllowance: 500,
  });
  expect((await call('POST', '/api/institutions', admin, { code })).statusCode).toBe(201);
});

describe('teachers of an institution', () => {
  it('joins by the invitation mailed to her: the link works once, for her address, and a resend replaces it', async () => {
    const email = `siobhan.o'connor-mcallister.department-of-modern-languages-${stamp}@lycee-sainte-helene.test`;
    const invited = await call('POST', '/api/institutions/current/invitations', admin, { email });
    expect(invited.statusCode, invited.body).toBe(201);
    const first = linkMailedTo(email);
    expect(first.text).toContain("Lycée Sainte-Hélène d'Orléans uses Margin to draft grades and feedback in Canvas");

    const pending = await call('GET', '/api/institutions/current/invitations', admin);
    expect(pending.json().invitations).toEqual([
      { id: invited.json().id, email, sentAt: expect.any(String), expiresAt: expect.any(String) },
    ]);
    const resent = await call('POST', `/api/institutions/current/invitations/${invited.json().id}/resend`, admin);
    expect(resent.statusCode).toBe(200);
    const second = linkMailedTo(email);
    expect(second.token).not.toBe(first.token);

    const teacher = await signUpAndIn(harness.app, { email, fullName: "Siobhán O'Connor" });
    const someoneElse = await signUpAndIn(harness.app);
    const wrongPerson = await call('POST', '/api/institutions/join', someoneElse, { token: second.token });
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().error.message).toBe(
      `This link is for ${email}. Sign in with that e-mail address to join Lycée Sainte-Hélène d'Orléans.`,
    );
    const oldLink = await call('POST', '/api/institutions/join', teacher, { token: first.token });
    expect(oldLink.statusCode).toBe(404);

    const joined = await call('POST', '/api/institutions/join', teacher, { token: second.token });
    expect(joined.json()).toEqual({ institutionName: "Lycée Sainte-Hélène d'Orléans" });
    expect((await call('POST', '/api/institutions/join', teacher, { token: second.token })).statusCode).toBe(404);
    expect((await call('GET', '/api/institutions/current', teacher)).json()).toMatchObject({ role: 'teacher' });
    expect((await call('GET', '/api/institutions/current/invitations', admin)).json().invitations).toEqual([]);

    const members = (await call('GET', '/api/institutions/current/members', admin)).json().members;
    expect(members.map((member: { fullName: string }) => member.fullName)).toEqual([
      'Hélène Dupré',
      "Siobhán O'Connor",
    ]);
  });

  it('a revoked invitation no longer lets her join', async () => {
    const email = `revoked-${stamp}@lycee-sainte-helene.test`;
    const invited = await call('POST', '/api/institutions/current/invitations', admin, { email });
    const { token } = linkMailedTo(email);
    expect((await call('DELETE', `/api/institutions/current/invitations/${invited.json().id}`, admin)).statusCode).toBe(
      200,
    );
    const teacher = await signUpAndIn(harness.app, { email });
    const refused = await call('POST', '/api/institutions/join', teacher, { token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(
      'This link is no longer valid. Ask your institution’s administrator for a new one.',
    );
    expect((await call('GET', '/api/institutions/current', teacher)).statusCode).toBe(404);
  });

  it('an expired invitation is refused', async () => {
    const email = `late-${stamp}@lycee-sainte-helene.test`;
    await call('POST', '/api/institutions/current/invitations', admin, { email });
    const { token } = linkMailedTo(email);
    await harness.database.db.execute(
      sql`update institution_invitations set expires_at = now() - interval '1 minute' where email = ${email}`,
    );
    const teacher = await signUpAndIn(harness.app, { email });
    const refused = await call('POST', '/api/institutions/join', teacher, { token });
    expect(refused.json().error.message).toBe(
      'This link has expired. Ask your institution’s administrator for a new one.',
    );
  });

  it('signing up with an address at the school domain mails a confirmation link that joins her', async () => {
    const saved = await call('PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: null,
      canvasClientId: null,
      allowPersonalTokens: true,
      emailDomain: '@Lycee-Sainte-Helene.test',
    });
    expect(saved.json().emailDomain).toBe('lycee-sainte-helene.test');
    const outsider = await signUpAndIn(harness.app, { email: `someone-${stamp}@elsewhere.test` });
    expect((await call('POST', '/api/institutions/domain-join', outsider)).json()).toEqual({
      institutionName: null,
      sentTo: null,
    });

    const email = `zoe.lefevre-${stamp}@lycee-sainte-helene.test`;
    const teacher = await signUpAndIn(harness.app, { email, fullName: 'Zoë Lefèvre' });
    await expect
      .poll(() =>
        sink.received.some(
          (mail) => mail.to.includes(email) && readable(mail).includes('Your e-mail address is at a domain'),
        ),
      )
      .toBe(true);
    // Not a member until she follows the link.
    expect((await call('GET', '/api/institutions/current', teacher)).statusCode).toBe(404);
    const { token, text } = linkMailedTo(email);
    expect(text).toContain('They never see your students');
    expect((await call('POST', '/api/institutions/join', teacher, { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/institutions/current', teacher)).json()).toMatchObject({ role: 'teacher' });
  });

  it('removing a teacher ends her sessions and her Canvas connection at once; her account stays hers', async () => {
    const email = `removed-${stamp}@lycee-sainte-helene.test`;
    const teacher = await signUpAndIn(harness.app, { email, fullName: 'Ngozi Adébáyọ̀' });
    await call('POST', '/api/institutions/current/invitations', admin, { email });
    expect(
      (await call('POST', '/api/institutions/join', teacher, { token: linkMailedTo(email).token })).statusCode,
    ).toBe(200);
    const connected = await call('PUT', '/api/canvas/connection', teacher, {
      canvasUrl: harness.canvas.baseUrl,
      canvasToken: harness.canvas.token,
    });
    expect(connected.statusCode).toBe(200);

    const byTeacher = await call('DELETE', `/api/institutions/current/members/${admin.userId}`, teacher);
    expect(byTeacher.statusCode).toBe(403);
    const adminItself = await call('DELETE', `/api/institutions/current/members/${admin.userId}`, admin);
    expect(adminItself.statusCode).toBe(404);

    expect((await call('DELETE', `/api/institutions/current/members/${teacher.userId}`, admin)).statusCode).toBe(200);
    const after = await call('GET', '/api/profile', teacher);
    expect(after.statusCode).toBe(401);
    const refreshed = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { margin_refresh: teacher.refreshCookie! },
    });
    expect(refreshed.statusCode).toBe(401);
    const [profile] = await queryRows(
      harness.database.db,
      sql`select canvas_access_token, canvas_instance_url from profiles where id = ${teacher.userId}`,
    );
    expect(profile).toEqual({ canvas_access_token: null, canvas_instance_url: null });

    const signIn = await harness.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: teacher.password },
    });
    expect(signIn.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().session.access_token}` };
    const membership = await harness.app.inject({ method: 'GET', url: '/api/institutions/current', headers });
    expect(membership.statusCode).toBe(404);

    const log = (await call('GET', '/api/institutions/current/audit', admin)).json().entries;
    expect(log.map((entry: { action: string }) => entry.action)).toEqual(
      expect.arrayContaining(['TEACHER_REMOVED', 'TEACHER_JOINED', 'TEACHER_INVITED', 'INSTITUTION_CREATED']),
    );
    expect(log[0]).toMatchObject({ action: 'TEACHER_REMOVED', actorEmail: admin.email, details: { email } });
  });
});
