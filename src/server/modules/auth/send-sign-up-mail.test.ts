import { describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '@/server/adapters/mail/port';
import { createSignUpMailSender, type SignUpMailDeps } from './send-sign-up-mail';

const config = {
  publicUrl: 'https://margin.school.test',
  mail: { supportEmail: 'help@margin.school.test' },
} as SignUpMailDeps['config'];
const user = {
  id: 'u-1',
  email: 'theodora.longname.teacher@harrowgate-secondary.example.org',
  createdAt: new Date(),
  fullName: "Zoë O'Brien-Nuñez",
};

function sender(overrides: Partial<SignUpMailDeps> = {}) {
  const sent: MailMessage[] = [];
  const queued: string[] = [];
  const errors: unknown[] = [];
  const deps: SignUpMailDeps = {
    queueWelcomeMail: async (queuedUser) => void queued.push(queuedUser.id),
    mailer: { send: async (message) => (sent.push(message), { id: 'm-1', delivered: true }) },
    config,
    log: { error: (details: unknown) => errors.push(details) } as unknown as SignUpMailDeps['log'],
    ...overrides,
  };
  return { send: createSignUpMailSender(deps), sent, queued, errors };
}

describe('the mail after a sign-up', () => {
  it('queues the welcome for a new account, and mails nothing at once', async () => {
    const { send, sent, queued } = sender();
    send({ kind: 'created', user });
    await vi.waitFor(() => expect(queued).toEqual(['u-1']));
    expect(sent).toEqual([]);
  });

  it('tells the owner of an existing account through the outbox, with where to sign in', async () => {
    const { send, sent, queued } = sender();
    send({ kind: 'existing', email: user.email });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ to: user.email, subject: 'You already have a Margin account' });
    expect(sent[0]!.text).toContain('https://margin.school.test/auth');
    expect(queued).toEqual([]);
  });

  it('only logs a failure to queue: the sign-up has already been answered', async () => {
    const { send, errors } = sender({
      queueWelcomeMail: () => Promise.reject(new Error('queue down')),
      mailer: { send: () => Promise.reject(new Error('outbox down')) },
    });
    expect(() => send({ kind: 'created', user })).not.toThrow();
    expect(() => send({ kind: 'existing', email: user.email })).not.toThrow();
    await vi.waitFor(() => expect(errors).toHaveLength(2));
  });
});
