import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_LINE } from '@/shared/ai-line';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import { createInstitutionStore } from './institution-store';
import { createInvitationCode } from './invitation-code';
import { INSTITUTION_AI_LINE, institutionAiLine } from './institution-policies';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';

let ai: FakeAiServer;
beforeAll(async () => {
  ai = await startFakeAiServer();
});
afterAll(() => ai.close());
const harness = buildTestApp({ canvas: true });
type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: Person, payload?: object) =>
  harness.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

const SCHOOL_KEY = 'sk-school-owned-key-0123456789abcdef';
const isWaiting = (submission: GradingSubmission) =>
  !submission.id.startsWith('placeholder_') &&
  submission.submitted_at !== null &&
  submission.workflow_state !== 'graded';

/** A teacher connected to the demo Canvas drafts one waiting student of her first assignment. */
async function draftOne(teacher: Person) {
  const { assignments } = (await call('GET', '/api/needs-grading', teacher)).json();
  const target = assignments[0] as { course_id: number; id: number };
  const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
  const view = (await call('GET', base, teacher)).json() as AssignmentGradingView;
  const student = view.submissions.find(isWaiting)!;
  return call('POST', `${base}/drafts`, teacher, {
    userId: student.user_id,
    options: { mode: 'summative', useRubric: false, customInstructions: null },
  });
}

describe("an institution's AI and draft retention", () => {
  let admin: Person;
  let teacher: Person;
  beforeAll(async () => {
    admin = await signUpAndIn(harness.app, { email: `admin-${Date.now()}@ecole.test` });
    const code = await createInvitationCode(harness.config.appSecret, {
      institutionName: 'École Saint-Exupéry',
      adminEmail: admin.email,
    });
    expect((await call('POST', '/api/institutions', admin, { code })).statusCode).toBe(201);
    teacher = await connectedTeacher(harness.app, harness.canvas);
    await call('POST', '/api/institutions/current/invitations', admin, { email: teacher.email });
    const [mail] = await queryRows<{ text_body: string }>(
      harness.database.db,
      sql`select text_body from mail_outbox where to_address = ${teacher.email}`,
    );
    const token = /\/join\?token=([\w-]+)/.exec(mail!.text_body)![1]!;
    expect((await call('POST', '/api/institutions/join', teacher, { token })).statusCode).toBe(200);
  });

  it('a teacher of no institution-supplied AI drafts with the installation’s (offline here)', async () => {
    const response = await draftOne(teacher);
    expect(response.json().draft.engine).toBe('offline');
    expect(ai.requests).toHaveLength(0);
  });

  it('drafts with the model and key the institution supplies, kept only as long as it says', async () => {
    const saved = await call('PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: null,
      canvasClientId: null,
      allowPersonalTokens: true,
      aiProvider: 'openai-compatible',
      aiModel: 'school-model',
      aiApiKey: SCHOOL_KEY,
      aiBaseUrl: ai.baseUrl,
      draftRetentionHours: 2,
      addAiLine: true,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      aiProvider: 'openai-compatible',
      aiModel: 'school-model',
      hasAiApiKey: true,
      draftRetentionHours: 2,
      addAiLine: true,
    });
    expect(saved.body).not.toContain(SCHOOL_KEY);
    const [row] = await queryRows<{ ai_api_key: string }>(
      harness.database.db,
      sql`select ai_api_key from institutions where name = 'École Saint-Exupéry'`,
    );
    expect(row!.ai_api_key).not.toContain(SCHOOL_KEY.slice(0, 12));
    const audit = (await call('GET', '/api/institutions/current/audit', admin)).body;
    expect(audit).not.toContain(SCHOOL_KEY);

    ai.setDefault({ kind: 'from-schema', overrides: { grade: 7 } });
    const response = await draftOne(teacher);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().draft.engine).toBe('openai-compatible');
    expect(ai.requests.length).toBeGreaterThan(0);
    const request = ai.requests.at(-1)!;
    expect(request.headers.authorization).toBe(`Bearer ${SCHOOL_KEY}`);
    expect((request.body as { model: string }).model).toBe('school-model');

    const [kept] = await queryRows<{ hours: number }>(
      harness.database.db,
      sql`select extract(epoch from expires_at - created_at) / 3600 as hours from grading_drafts where user_id = ${teacher.userId}`,
    );
    expect(Number(kept!.hours)).toBeCloseTo(2, 3);

    const store = createInstitutionStore(harness.database.db);
    expect(await institutionAiLine(store, teacher.userId)).toBe(INSTITUTION_AI_LINE);
    expect(await institutionAiLine(store, admin.userId)).toBe(INSTITUTION_AI_LINE);
    const loner = await signUpAndIn(harness.app);
    expect(await institutionAiLine(store, loner.userId)).toBeNull();
  });

  it('refuses a provider without a key, and a retention longer than a day', async () => {
    const noKey = await call('PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: null,
      canvasClientId: null,
      allowPersonalTokens: true,
      aiProvider: null,
    });
    expect(noKey.statusCode).toBe(200);
    const missing = await call('PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: null,
      canvasClientId: null,
      allowPersonalTokens: true,
      aiProvider: 'openai',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Enter the API key for the AI provider your institution uses.');
    const tooLong = await call('PUT', '/api/institutions/current/settings', admin, {
      canvasUrl: null,
      canvasClientId: null,
      allowPersonalTokens: true,
      draftRetentionHours: 48,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('ends an institution teacher’s saved comments with the AI line when the institution asks, whatever her own setting', async () => {
    const essay = '/api/grading/courses/4201/assignments/5002';
    const view = (await call('GET', essay, teacher)).json() as AssignmentGradingView;
    const [first, second, third] = view.submissions.filter(
      (submission) => submission.workflow_state === 'submitted' && submission.body,
    );
    const save = (submission: GradingSubmission, comment: string) =>
      call('PUT', `${essay}/grades/${submission.user_id}`, teacher, {
        submissionId: submission.id,
        grade: 80,
        comment,
      });
    const lastComment = (submission: GradingSubmission) =>
      harness.canvas.state.submissions.get(Number(submission.id))!.comments.at(-1)!.comment;
    const setLine = async (addAiLine: boolean) => {
      const saved = await call('PUT', '/api/institutions/current/settings', admin, {
        canvasUrl: null,
        canvasClientId: null,
        allowPersonalTokens: true,
        addAiLine,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };

    // Her own setting is off (the default); the institution's is on.
    expect((await call('GET', '/api/grading/preferences', teacher)).json()).toMatchObject({ aiLine: false });
    await setLine(true);
    // Her settings say so, for the switch and the preview under her comment.
    expect((await call('GET', '/api/grading/preferences', teacher)).json()).toMatchObject({
      aiLine: false,
      institutionAiLine: true,
    });
    const saved = await save(first!, 'Clear claim; the counterargument needs evidence.');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(lastComment(first!)).toBe(`Clear claim; the counterargument needs evidence.\n\n${AI_LINE}`);

    // The institution turns it off: her own choice decides again.
    await setLine(false);
    expect((await save(second!, 'Strong evidence from the study.')).statusCode).toBe(200);
    expect(lastComment(second!)).toBe('Strong evidence from the study.');
    const own = await harness.app.inject({
      method: 'PATCH',
      url: '/api/grading/preferences',
      headers: teacher.headers,
      payload: { aiLine: true },
    });
    expect(own.statusCode).toBe(200);
    expect((await save(third!, 'A careful reading.')).statusCode).toBe(200);
    expect(lastComment(third!)).toBe(`A careful reading.\n\n${AI_LINE}`);
  });
});
