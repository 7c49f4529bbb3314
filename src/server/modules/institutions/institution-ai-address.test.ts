import { createServer as createNetServer, type AddressInfo, type Server } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentGradingView } from '@/shared/schemas/grading';
import { createInvitationCode } from './invitation-code';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';

// As in production: the server refuses addresses inside its own network.
const harness = buildTestApp({ env: { CANVAS_ALLOW_PRIVATE_HOSTS: 'false' } });

describe("an institution's AI server address", () => {
  it('is refused when it points inside the server’s own network or is not https, and kept when it is public', async () => {
    const admin = await signUpAndIn(harness.app, { email: `admin-${Date.now()}@ecole.test` });
    const code = await createInvitationCode(harness.config.appSecret, {
      institutionName: 'École Saint-Exupéry',
      adminEmail: admin.email,
    });
    expect(
      (
        await harness.app.inject({
          method: 'POST',
          url: '/api/institutions',
          headers: admin.headers,
          payload: { code },
        })
      ).statusCode,
    ).toBe(201);
    const settings = (aiBaseUrl: string) =>
      harness.app.inject({
        method: 'PUT',
        url: '/api/institutions/current/settings',
        headers: admin.headers,
        payload: {
          canvasUrl: null,
          canvasClientId: null,
          allowPersonalTokens: true,
          aiProvider: 'openai-compatible',
          aiModel: 'school-model',
          aiApiKey: 'sk-school-owned-key-0123456789abcdef',
          aiBaseUrl,
        },
      });
    for (const inside of [
      'https://169.254.169.254/latest',
      'https://127.0.0.1:11434/v1',
      'https://10.0.0.5/v1',
      'https://ollama.internal/v1',
      'http://8.8.8.8/v1',
    ]) {
      const refused = await settings(inside);
      expect(refused.statusCode, inside).toBe(400);
      expect(refused.json().error).toMatchObject({
        message: expect.stringContaining('public internet'),
        field: 'aiBaseUrl',
      });
    }
    const kept = await settings('https://8.8.8.8/v1');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ aiBaseUrl: 'https://8.8.8.8/v1' });
  });
});

/** The institution's AI server as a name the test answers for: public when saved, private later. */
const dnsAnswers: string[][] = [];
let inside: { server: Server; port: number; connections: number };
beforeAll(async () => {
  const server = createNetServer((socket) => socket.destroy());
  inside = { server, port: 0, connections: 0 };
  server.on('connection', () => {
    inside.connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  inside.port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => inside.server.close(() => resolve())));

// The teacher's Canvas is the demo Canvas on loopback; the institution's AI address is held to
// production's rule, with the DNS answers below.
const rebinding = buildTestApp({
  canvas: true,
  institutionAiAddressPolicy: {
    allowPrivateHosts: false,
    resolveHost: async (hostname) => {
      if (hostname !== 'ai.ecole.example') throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return dnsAnswers.length > 1 ? dnsAnswers.shift()! : dnsAnswers[0]!;
    },
  },
});
type Person = Awaited<ReturnType<typeof signUpAndIn>>;

describe("an institution's AI server address, at each call", () => {
  let teacher: Person;
  let draftOne: () => Promise<LightMyRequestResponse>;
  beforeAll(async () => {
    const { app } = rebinding;
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: object) =>
      app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const admin = await signUpAndIn(app, { email: `admin-${Date.now()}@ecole.test` });
    const code = await createInvitationCode(rebinding.config.appSecret, {
      institutionName: 'École Jules-Verne',
      adminEmail: admin.email,
    });
    expect((await call('POST', '/api/institutions', admin, { code })).statusCode).toBe(201);
    teacher = await connectedTeacher(app, rebinding.canvas);
    await call('POST', '/api/institutions/current/invitations', admin, { email: teacher.email });
    const [mail] = await queryRows<{ text_body: string }>(
      rebinding.database.db,
      sql`select text_body from mail_outbox where to_address = ${teacher.email}`,
    );
    const token = /\/join\?token=([\w-]+)/.exec(mail!.text_body)![1]!;
    expect((await call('POST', '/api/institutions/join', teacher, { token })).statusCode).toBe(200);

    // Public when the admin saves it.
    dnsAnswers.splice(0, dnsAnswers.length, ['93.184.216.34']);
    const saved = await call('PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: null,
      canvasClientId: null,
      allowPersonalTokens: true,
      aiProvider: 'openai-compatible',
      aiModel: 'school-model',
      aiApiKey: 'sk-school-owned-key-0123456789abcdef',
      aiBaseUrl: `https://ai.ecole.example:${inside.port}/v1`,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const { assignments } = (await call('GET', '/api/needs-grading', teacher)).json();
    const target = assignments[0] as { course_id: number; id: number };
    const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
    const view = (await call('GET', base, teacher)).json() as AssignmentGradingView;
    const student = view.submissions.find(
      (submission) =>
        !submission.id.startsWith('placeholder_') &&
        submission.submitted_at !== null &&
        submission.workflow_state !== 'graded',
    )!;
    draftOne = () =>
      call('POST', `${base}/drafts`, teacher, {
        userId: student.user_id,
        options: { mode: 'summative', useRubric: false, customInstructions: null },
      });
  });

  const usedCredits = async () =>
    (await rebinding.app.inject({ method: 'GET', url: '/api/usage', headers: teacher.headers })).json()
      .submissions_used;
  const keptDrafts = async () =>
    (
      await queryRows<{ count: number }>(
        rebinding.database.db,
        sql`select count(*)::int as count from grading_drafts where user_id = ${teacher.userId}`,
      )
    )[0]!.count;

  it('is refused when the name now resolves to the server’s own network: nothing sent, no credit spent', async () => {
    const [creditsBefore, draftsBefore, connectionsBefore] = [
      await usedCredits(),
      await keptDrafts(),
      inside.connections,
    ];
    dnsAnswers.splice(0, dnsAnswers.length, ['127.0.0.1']);
    const refused = await draftOne();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toBe(
      `Margin did not send this work to your institution's AI server: its address (ai.ecole.example:${inside.port}) now leads to a private or local network, or not over https. Your institution's administrator can check the AI server address in the institution's settings.`,
    );
    expect(inside.connections).toBe(connectionsBefore);
    expect(await usedCredits()).toBe(creditsBefore);
    expect(await keptDrafts()).toBe(draftsBefore);
  });

  it('is refused at connect when the name answers public to the check and private a moment later (rebinding)', async () => {
    const [creditsBefore, connectionsBefore] = [await usedCredits(), inside.connections];
    // The call's check sees a public address; the connection's own look-up then gets loopback.
    dnsAnswers.splice(0, dnsAnswers.length, ['93.184.216.34'], ['127.0.0.1']);
    const refused = await draftOne();
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toContain('now leads to a private or local network');
    expect(inside.connections).toBe(connectionsBefore);
    expect(await usedCredits()).toBe(creditsBefore);
  });
});
