import type { RouteOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';
import { createInvitationCode } from './invitation-code';

const routes: RouteOptions[] = [];
const harness = buildTestApp({ onRoute: (route) => routes.push(route), canvas: true });

type Teacher = Awaited<ReturnType<typeof signUpAndIn>>;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: Teacher | null,
  payload?: object,
) => harness.app.inject({ method, url, ...(who ? { headers: who.headers } : {}), ...(payload ? { payload } : {}) });
const invite = (email: string, name = 'Northridge High School') =>
  createInvitationCode(harness.config.appSecret, { institutionName: name, adminEmail: email });

/** The token in the last link mailed to `email` (the outbox holds every message, delivered or not). */
async function lastLinkTo(email: string) {
  const rows = await queryRows<{ text_body: string }>(
    harness.database.db,
    sql`select text_body from mail_outbox where to_address = ${email} order by created_at desc limit 1`,
  );
  const match = /\/join\?token=([\w%-]+)/.exec(rows[0]?.text_body ?? '');
  if (!match) throw new Error(`no join link mailed to ${email}`);
  return decodeURIComponent(match[1]!);
}

/** The admin invites `teacher`, who follows the mailed link. */
async function joinAsTeacher(by: Teacher, teacher: Teacher) {
  const invited = await call('POST', '/api/institutions/current/invitations', by, { email: teacher.email });
  expect(invited.statusCode).toBe(201);
  const joined = await call('POST', '/api/institutions/join', teacher, { token: await lastLinkTo(teacher.email) });
  expect(joined.statusCode, joined.body).toBe(200);
}

/**
 * Who may call each route: `public` (anyone), `signed-in` (any teacher), `teaching` (a signed-in
 * teacher with her Canvas: it reads or writes Canvas as her; without a Canvas connection a teacher
 * is asked to connect (409), and an institution's admin is refused by role (403): she grades only
 * if she also teaches, with a Canvas of her own), `institution-admin` (an admin of the caller's
 * institution), `institution-member` (an admin or teacher of it). A route missing from this table
 * fails the first test, so a new route has to say who may call it.
 */
const ROUTE_ROLES: Record<string, 'public' | 'signed-in' | 'teaching' | 'institution-admin' | 'institution-member'> = {
  'GET /api/health': 'public',
  'GET /api/config': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-in': 'public',
  'POST /api/auth/refresh': 'public',
  'POST /api/auth/sign-out': 'public',
  'GET /api/auth/session': 'public',
  'GET /api/profile/': 'signed-in',
  'PATCH /api/profile/': 'signed-in',
  'GET /api/usage/': 'signed-in',
  'POST /api/canvas/connection/test': 'signed-in',
  'GET /api/canvas/connection': 'signed-in',
  'PUT /api/canvas/connection': 'signed-in',
  'DELETE /api/canvas/connection': 'signed-in',
  'GET /api/canvas/connect-options': 'signed-in',
  'POST /api/canvas/oauth/start': 'signed-in',
  'POST /api/canvas/oauth/complete': 'signed-in',
  'POST /api/institutions/': 'signed-in',
  'GET /api/institutions/current': 'institution-member',
  'PUT /api/institutions/current/settings': 'institution-admin',
  'PUT /api/institutions/current/lti': 'institution-admin',
  'GET /api/institutions/current/members': 'institution-admin',
  'DELETE /api/institutions/current/members/:userId': 'institution-admin',
  'GET /api/institutions/current/invitations': 'institution-admin',
  'POST /api/institutions/current/invitations': 'institution-admin',
  'POST /api/institutions/current/invitations/:invitationId/resend': 'institution-admin',
  'DELETE /api/institutions/current/invitations/:invitationId': 'institution-admin',
  'GET /api/institutions/current/audit': 'institution-admin',
  'POST /api/institutions/join': 'signed-in',
  'POST /api/institutions/domain-join': 'signed-in',
  // LTI 1.3 (decision 064) is public by nature: Canvas and the browser call these before anyone is
  // signed in to Margin; the launch proves who it is by Canvas's signature, state and nonce.
  'GET /api/lti/config.json': 'public',
  'GET /api/lti/jwks': 'public',
  'GET /api/lti/login': 'public',
  'POST /api/lti/login': 'public',
  'POST /api/lti/launch': 'public',
  'GET /api/lti/link': 'public',
  'POST /api/lti/link': 'signed-in',
  'GET /api/courses': 'teaching',
  'GET /api/courses/:courseId': 'teaching',
  'GET /api/needs-grading': 'teaching',
  'GET /api/insights/courses/:courseId/analytics': 'teaching',
  'GET /api/insights/courses/:courseId/students': 'teaching',
  'GET /api/insights/courses/:courseId/students/:studentId': 'teaching',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/': 'teaching',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/drafts': 'signed-in',
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/drafts': 'teaching',
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/drafts/batch': 'teaching',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/choices': 'signed-in',
  'PUT /api/grading/courses/:courseId/assignments/:assignmentId/choices': 'signed-in',
  'PUT /api/grading/courses/:courseId/assignments/:assignmentId/grades/:userId': 'teaching',
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/grades/:userId/undo': 'signed-in',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/students/:userId/attachments/:attachmentId': 'teaching',
  'GET /api/grading/courses/:courseId/discussions/:discussionId/': 'teaching',
  'GET /api/grading/courses/:courseId/discussions/:discussionId/drafts': 'signed-in',
  'POST /api/grading/courses/:courseId/discussions/:discussionId/drafts': 'teaching',
  'PUT /api/grading/courses/:courseId/discussions/:discussionId/grades/:userId': 'teaching',
  'POST /api/grading/courses/:courseId/discussions/:discussionId/grades/:userId/undo': 'signed-in',
  'GET /api/grading/courses/:courseId/quizzes/:quizId/': 'teaching',
  'GET /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/answers': 'teaching',
  'PUT /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/scores': 'teaching',
  'GET /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/drafts': 'signed-in',
  'POST /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/questions/:questionId/draft':
    'teaching',
  'POST /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/questions/:questionId/undo':
    'signed-in',
  'GET /api/grading/preferences/': 'signed-in',
  'PATCH /api/grading/preferences/': 'signed-in',
  'GET /api/grading/comment-bank/': 'signed-in',
  'PATCH /api/grading/comment-bank/:id': 'signed-in',
  'DELETE /api/grading/comment-bank/:id': 'signed-in',
  'POST /api/contact/messages': 'public',
  'POST /api/contact/inquiries': 'public',
  'GET /api/billing/subscription': 'signed-in',
  'POST /api/billing/checkout': 'signed-in',
  'GET /api/billing/plan-change': 'signed-in',
  'POST /api/billing/submission-purchase': 'signed-in',
  'POST /api/billing/portal': 'signed-in',
  'GET /api/billing/test-mode/checkouts/:checkoutId': 'signed-in',
  'POST /api/billing/test-mode/checkouts/:checkoutId/complete': 'signed-in',
  'POST /api/billing/test-mode/checkouts/:checkoutId/cancel': 'signed-in',
  'POST /api/billing/test-mode/portal/plan': 'signed-in',
  'POST /api/billing/test-mode/portal/cancel': 'signed-in',
  'POST /api/billing/test-mode/portal/resume': 'signed-in',
  'POST /api/literacy/signups': 'public',
  'POST /api/literacy/integrations': 'public',
  'POST /api/literacy/revisions': 'public',
};

const GRADING_OPTIONS = { mode: 'summative', useRubric: false, customInstructions: null };
/** A body each `teaching` route accepts, so that its answer is about Canvas, not the request. */
const TEACHING_PAYLOADS: Record<string, object> = {
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/drafts': { userId: 1, options: GRADING_OPTIONS },
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/drafts/batch': { options: GRADING_OPTIONS },
  'PUT /api/grading/courses/:courseId/assignments/:assignmentId/grades/:userId': {
    submissionId: '1',
    grade: 80,
    comment: 'Probe.',
  },
  'POST /api/grading/courses/:courseId/discussions/:discussionId/drafts': { userId: 1, options: GRADING_OPTIONS },
  'PUT /api/grading/courses/:courseId/discussions/:discussionId/grades/:userId': { grade: 80, comment: 'Probe.' },
  'PUT /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/scores': {
    questions: [{ questionId: 1, score: 1, comment: 'Probe.' }],
  },
  'POST /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/questions/:questionId/draft': {},
};

/** Every `/api/` route (HEAD aside), as `METHOD /path`. */
const apiRoutes = () =>
  routes
    .filter((route) => route.url.startsWith('/api/'))
    .flatMap((route) => (Array.isArray(route.method) ? route.method : [route.method]).map((m) => `${m} ${route.url}`))
    .filter((key) => !key.startsWith('HEAD '));

let admin: Teacher;
let teacherOnHerOwn: Teacher;
beforeAll(async () => {
  admin = await signUpAndIn(harness.app, { email: `admin-${Date.now()}@northridge.test` });
  teacherOnHerOwn = await signUpAndIn(harness.app);
});

describe('institution accounts', () => {
  it('the routes × roles table names every institution route and every route answers its roles', async () => {
    expect(apiRoutes().sort()).toEqual(Object.keys(ROUTE_ROLES).sort());
    const created = await call('POST', '/api/institutions', admin, { code: await invite(admin.email) });
    expect(created.statusCode).toBe(201);
    const settings = { canvasUrl: null, canvasClientId: null, allowPersonalTokens: true };
    const member = await signUpAndIn(harness.app, { email: `member-${Date.now()}@northridge.test` });
    await joinAsTeacher(admin, member);
    const unknownId = '00000000-0000-4000-8000-000000000000';
    /** What the admin's own call answers when it is not 200 (a made-up id is not found; a create is 201). */
    const adminAnswer: Record<string, number> = {
      'POST /api/institutions/current/invitations': 201,
      'POST /api/institutions/current/invitations/:invitationId/resend': 404,
      'DELETE /api/institutions/current/invitations/:invitationId': 404,
      'DELETE /api/institutions/current/members/:userId': 404,
    };
    const payloadOf = (key: string, method: string) =>
      key === 'POST /api/institutions/current/invitations'
        ? { email: `probe-${Date.now()}@northridge.test` }
        : method === 'PUT'
          ? key.endsWith('/lti')
            ? { ltiClientId: null, ltiDeploymentId: null }
            : settings
          : method === 'POST'
            ? { code: 'x' }
            : undefined;
    for (const [key, role] of Object.entries(ROUTE_ROLES)) {
      if (role === 'public') continue;
      const [method, pattern] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const url = pattern.replace(':invitationId', unknownId).replace(':userId', unknownId);
      const payload = payloadOf(key, method);
      expect((await call(method, url, null, payload)).statusCode, `${key} without sign-in`).toBe(401);
      if (role === 'signed-in') continue;
      if (role === 'teaching') {
        // Neither has a Canvas connection: the teacher is asked to connect, the admin refused by role.
        const target = pattern.replace(/:[a-zA-Z]+/g, '1');
        const body = TEACHING_PAYLOADS[key];
        const byTeacher = await call(method, target, member, body);
        expect(byTeacher.statusCode, `${key} by a teacher without Canvas: ${byTeacher.body}`).toBe(409);
        expect(byTeacher.json().error.code).toBe('CANVAS_NOT_CONNECTED');
        const byAdmin = await call(method, target, admin, body);
        expect(byAdmin.statusCode, `${key} by the admin: ${byAdmin.body}`).toBe(403);
        expect(byAdmin.json().error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'institution_admin' } });
        continue;
      }
      const outsider = await call(method, url, teacherOnHerOwn, payload);
      expect(outsider.statusCode, `${key} by a teacher of no institution`).toBe(404);
      const byMember = await call(method, url, member, payload);
      expect(byMember.statusCode, `${key} by a teacher of the institution`).toBe(
        role === 'institution-admin' ? 403 : 200,
      );
      expect((await call(method, url, admin, payload)).statusCode, `${key} by the admin`).toBe(adminAnswer[key] ?? 200);
    }
  });

  it('an admin who also teaches grades her own classes once she connects her own Canvas', async () => {
    const teachingAdmin = await signUpAndIn(harness.app, { email: `head-${Date.now()}@westfield.test` });
    const created = await call('POST', '/api/institutions', teachingAdmin, {
      code: await invite(teachingAdmin.email, 'Westfield College'),
    });
    expect(created.statusCode).toBe(201);
    // Not connected: the setup page offers her to connect, and courses refuse her as an admin.
    expect((await call('GET', '/api/canvas/connection', teachingAdmin)).json()).toMatchObject({ connected: false });
    const refused = await call('GET', '/api/needs-grading', teachingAdmin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'You are signed in as an administrator of Westfield College: you manage its teachers, plan and settings on the institution page, and Margin does not show administrators any student work. If you also teach, connect your own Canvas account to grade your classes.',
    );
    const connected = await call('PUT', '/api/canvas/connection', teachingAdmin, {
      canvasUrl: harness.canvas.baseUrl,
      canvasToken: harness.canvas.token,
    });
    expect(connected.statusCode, connected.body).toBe(200);
    const graded = await call('GET', '/api/needs-grading', teachingAdmin);
    expect(graded.statusCode, graded.body).toBe(200);
    expect(graded.json().assignments.length).toBeGreaterThan(0);
  });

  it('an invitation creates one institution, for the e-mail it names, and its admin sets the Canvas key', async () => {
    const someone = await signUpAndIn(harness.app, { email: `it-${Date.now()}@eastside.test` });
    const code = await invite(someone.email, 'Eastside Academy');
    const wrongPerson = await call('POST', '/api/institutions', teacherOnHerOwn, { code });
    expect(wrongPerson.statusCode).toBe(403);
    expect(wrongPerson.json().error.message).toBe(
      `This invitation is for ${someone.email}. Sign in with that e-mail address to use it.`,
    );
    expect((await call('POST', '/api/institutions', someone, { code: `${code}x` })).statusCode).toBe(400);
    const created = await call('POST', '/api/institutions', someone, { code });
    expect(created.json()).toMatchObject({ name: 'Eastside Academy', role: 'admin', hasClientSecret: false });
    const reused = await call('POST', '/api/institutions', someone, { code });
    expect(reused.statusCode).toBe(409);

    const secret = 'developer-key-secret-value-1234567890';
    const saved = await call('PUT', '/api/institutions/current/settings', someone, {
      canvasUrl: 'eastside.instructure.com',
      canvasClientId: '170000000000123',
      canvasClientSecret: secret,
      allowPersonalTokens: false,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      canvasUrl: 'https://eastside.instructure.com',
      canvasClientId: '170000000000123',
      hasClientSecret: true,
      allowPersonalTokens: false,
    });
    expect(saved.body).not.toContain(secret);
    const [row] = await queryRows<{ canvas_client_secret: string }>(
      harness.database.db,
      sql`select canvas_client_secret from institutions where name = 'Eastside Academy'`,
    );
    expect(row!.canvas_client_secret.startsWith('v1.')).toBe(true);
    expect(row!.canvas_client_secret).not.toContain(secret.slice(0, 12));
    const audit = await queryRows(
      harness.database.db,
      sql`select action, new_values from audit_logs where user_id = ${someone.userId} and action like 'INSTITUTION_%' order by created_at`,
    );
    expect(audit.map((entry) => (entry as { action: string }).action)).toEqual([
      'INSTITUTION_CREATED',
      'INSTITUTION_SETTINGS_CHANGED',
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);

    // The admin's own personal token path is now off, with the reason.
    const refused = await call('POST', '/api/canvas/connection/test', someone, {
      canvasUrl: harness.canvas.baseUrl,
      canvasToken: harness.canvas.token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Eastside Academy asks its teachers to use Connect with Canvas instead of a personal access token.',
    );

    const members = await call('GET', '/api/institutions/current/members', someone);
    expect(members.json()).toEqual({
      members: [
        {
          userId: someone.userId,
          email: someone.email,
          fullName: 'Maya Angelou',
          role: 'admin',
          joinedAt: expect.any(String),
          lastActiveAt: expect.any(String),
          usageByMonth: [],
        },
      ],
    });
  });
});
