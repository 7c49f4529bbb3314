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

/**
 * Who may call each route: `public` (anyone), `signed-in` (any teacher), `institution-admin` (an
 * admin of the caller's institution), `institution-member` (an admin or teacher of it). A route
 * missing from this table fails the first test, so a new route has to say who may call it.
 */
const ROUTE_ROLES: Record<string, 'public' | 'signed-in' | 'institution-admin' | 'institution-member'> = {
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
  'POST /api/canvas/oauth/start': 'signed-in',
  'POST /api/canvas/oauth/complete': 'signed-in',
  'POST /api/institutions/': 'signed-in',
  'GET /api/institutions/current': 'institution-member',
  'PUT /api/institutions/current/settings': 'institution-admin',
  'GET /api/institutions/current/members': 'institution-admin',
  'GET /api/courses': 'signed-in',
  'GET /api/courses/:courseId': 'signed-in',
  'GET /api/needs-grading': 'signed-in',
  'GET /api/insights/courses/:courseId/analytics': 'signed-in',
  'GET /api/insights/courses/:courseId/students': 'signed-in',
  'GET /api/insights/courses/:courseId/students/:studentId': 'signed-in',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/': 'signed-in',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/drafts': 'signed-in',
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/drafts': 'signed-in',
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/drafts/batch': 'signed-in',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/choices': 'signed-in',
  'PUT /api/grading/courses/:courseId/assignments/:assignmentId/choices': 'signed-in',
  'PUT /api/grading/courses/:courseId/assignments/:assignmentId/grades/:userId': 'signed-in',
  'POST /api/grading/courses/:courseId/assignments/:assignmentId/grades/:userId/undo': 'signed-in',
  'GET /api/grading/courses/:courseId/assignments/:assignmentId/students/:userId/attachments/:attachmentId':
    'signed-in',
  'GET /api/grading/courses/:courseId/discussions/:discussionId/': 'signed-in',
  'GET /api/grading/courses/:courseId/discussions/:discussionId/drafts': 'signed-in',
  'POST /api/grading/courses/:courseId/discussions/:discussionId/drafts': 'signed-in',
  'PUT /api/grading/courses/:courseId/discussions/:discussionId/grades/:userId': 'signed-in',
  'GET /api/grading/courses/:courseId/quizzes/:quizId/': 'signed-in',
  'GET /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/answers': 'signed-in',
  'PUT /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/scores': 'signed-in',
  'GET /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/drafts': 'signed-in',
  'POST /api/grading/courses/:courseId/quizzes/:quizId/submissions/:submissionId/questions/:questionId/draft':
    'signed-in',
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
    for (const [key, role] of Object.entries(ROUTE_ROLES)) {
      if (role === 'public') continue;
      const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string];
      const payload = method === 'PUT' ? settings : method === 'POST' ? { code: 'x' } : undefined;
      expect((await call(method, url, null, payload)).statusCode, `${key} without sign-in`).toBe(401);
      if (role === 'signed-in') continue;
      if (role === 'institution-admin' || role === 'institution-member') {
        const outsider = await call(method, url, teacherOnHerOwn, payload);
        expect(outsider.statusCode, `${key} by a teacher of no institution`).toBe(404);
        expect((await call(method, url, admin, payload)).statusCode, `${key} by the admin`).toBe(200);
      }
    }
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
      members: [{ email: someone.email, role: 'admin', joinedAt: expect.any(String) }],
    });
  });
});
