import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_CANVAS_REVOKED_TOKEN, RATE_LIMIT_EXCEEDED_BODY } from '@/server/demo-canvas';
import { needsGradingPath, type NeedsGradingItem } from '@/shared/schemas/canvas';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';

const harness = buildTestApp({ canvas: true });
beforeEach(() => {
  harness.canvas.requestLog.length = 0;
});

/** A plain HTTP server on loopback that records the paths it was asked for. */
async function startLocalServer(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
  harness.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('connection', () => {
  it('tests a token with users/self and never echoes the token', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await inject('POST', '/api/canvas/connection/test', teacher.headers, {
      canvasUrl: `${harness.canvas.baseUrl}/`,
      canvasToken: ` ${harness.canvas.token} `,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: { name: expect.any(String), email: expect.stringContaining('@') },
    });
    expect(response.body).not.toContain(harness.canvas.token);
    expect(harness.canvas.requestLog.map((entry) => entry.path)).toContain('/api/v1/users/self');
  });

  it('explains a rejected token without revealing it', async () => {
    const teacher = await signUpAndIn(harness.app);
    const response = await inject('POST', '/api/canvas/connection/test', teacher.headers, {
      canvasUrl: harness.canvas.baseUrl,
      canvasToken: 'not-a-real-token',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.json().error.code).toBe('CANVAS_TOKEN_INVALID');
    expect(response.json().error.message).toBe(
      'Canvas did not accept this access token. Create a new access token in Canvas (Account, Settings, + New Access Token), paste it in Canvas API Token on this page, and choose Test Connection.',
    );
    expect(response.body).not.toContain('Settings with');
    expect(response.body).not.toContain('not-a-real-token');
  });

  it('saves only after a successful test, and stores the token encrypted', async () => {
    const teacher = await signUpAndIn(harness.app);
    const refused = await inject('PUT', '/api/canvas/connection', teacher.headers, {
      canvasUrl: harness.canvas.baseUrl,
      canvasToken: 'wrong',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const [nothing] = await queryRows(
      harness.database.db,
      sql`select canvas_access_token from profiles where id = ${teacher.userId}`,
    );
    expect(nothing).toEqual({ canvas_access_token: null });

    const saved = await inject('PUT', '/api/canvas/connection', teacher.headers, {
      canvasUrl: harness.canvas.baseUrl,
      canvasToken: harness.canvas.token,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      connected: true,
      method: 'token',
      instanceUrl: harness.canvas.baseUrl,
      problem: null,
    });
    expect(saved.body).not.toContain(harness.canvas.token);
    const [row] = await queryRows<{ canvas_access_token: string }>(
      harness.database.db,
      sql`select canvas_access_token from profiles where id = ${teacher.userId}`,
    );
    expect(row!.canvas_access_token.startsWith('v1.')).toBe(true);
    expect(row!.canvas_access_token).not.toContain(harness.canvas.token.slice(2, 12));

    const profile = await inject('GET', '/api/profile', teacher.headers);
    expect(profile.json()).toMatchObject({ canvas_connected: true, canvas_instance_url: harness.canvas.baseUrl });
    expect(profile.body).not.toContain(harness.canvas.token);
    const audit = await queryRows(
      harness.database.db,
      sql`select new_values from audit_logs where user_id = ${teacher.userId} and action = 'CANVAS_CONNECTED'`,
    );
    expect(JSON.stringify(audit)).not.toContain(harness.canvas.token);
  });

  it('reports the Canvas user for the dashboard, and a problem once the token is revoked', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const status = await inject('GET', '/api/canvas/connection', teacher.headers);
    expect(status.json()).toMatchObject({ connected: true, user: { name: expect.any(String) }, problem: null });

    const revoked = await signUpAndIn(harness.app);
    // Saved while still valid is not possible for a revoked token, so store it the way a revocation would leave it.
    const sealed = harness.services.canvas.seal(DEMO_CANVAS_REVOKED_TOKEN);
    await harness.database.db.execute(
      sql`update profiles set canvas_instance_url = ${harness.canvas.baseUrl}, canvas_access_token = ${sealed} where id = ${revoked.userId}`,
    );
    const problem = await inject('GET', '/api/canvas/connection', revoked.headers);
    expect(problem.json()).toMatchObject({
      connected: true,
      instanceUrl: harness.canvas.baseUrl,
      user: null,
      problem:
        'This Canvas access token was deleted in Canvas. Create a new access token in Canvas and paste it on the Connect Canvas page.',
    });
  });

  it('says Canvas is not connected before setup', async () => {
    const teacher = await signUpAndIn(harness.app);
    expect((await inject('GET', '/api/canvas/connection', teacher.headers)).json()).toEqual({
      connected: false,
      method: null,
      instanceUrl: null,
      user: null,
      problem: null,
    });
    const courses = await inject('GET', '/api/courses', teacher.headers);
    expect(courses.statusCode).toBe(409);
    expect(courses.json().error).toMatchObject({
      code: 'CANVAS_NOT_CONNECTED',
      message: 'Canvas credentials not configured',
    });
  });

  it('says so when the Canvas address forwards to another host, naming it, and sends that host nothing', async () => {
    // The "real" Canvas would answer anyone: reaching it without the token must not count as success.
    const elsewhere = await startLocalServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 1, name: 'Someone Else' }));
    });
    const vanity = await startLocalServer((request, response) => {
      response.writeHead(301, { location: `http://localhost:${elsewhere.port}${request.url ?? '/'}` });
      response.end();
    });
    try {
      const teacher = await signUpAndIn(harness.app);
      const response = await inject('POST', '/api/canvas/connection/test', teacher.headers, {
        canvasUrl: vanity.base,
        canvasToken: harness.canvas.token,
      });
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error).toMatchObject({
        code: 'CANVAS_URL_REFUSED',
        details: { reason: 'redirect_to_other_host', host: `localhost:${elsewhere.port}` },
      });
      expect(error.message).toBe(
        `127.0.0.1:${vanity.port} forwards to another address, localhost:${elsewhere.port}, so Margin did not send your access token there. If localhost:${elsewhere.port} is your school's Canvas, enter http://localhost:${elsewhere.port} as the Canvas URL and test again.`,
      );
      expect(vanity.requests).toEqual(['/api/v1/users/self']);
      expect(elsewhere.requests).toEqual([]);
      expect(response.body).not.toContain(harness.canvas.token);
    } finally {
      await Promise.all([vanity.close(), elsewhere.close()]);
    }
  });

  it('validates the body', async () => {
    const teacher = await signUpAndIn(harness.app);
    const missing = await inject('POST', '/api/canvas/connection/test', teacher.headers, { canvasUrl: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.field).toBe('canvasUrl');
  });
});

describe('address safety (no private hosts in production)', () => {
  // A second app, configured as in production, on the file's database.
  const production = buildTestApp(() => ({
    env: { NODE_ENV: 'production', CANVAS_ALLOW_PRIVATE_HOSTS: 'false', DEMO_CANVAS: 'false' },
    database: harness.database,
  }));

  it.each([
    ['http://127.0.0.1:9/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data', 'metadata'],
    ['https://10.0.0.5', 'private'],
    ['http://canvas.example.edu', 'plain http'],
    ['https://localhost:8443', 'localhost'],
  ])('refuses %s (%s)', async (canvasUrl) => {
    const teacher = await signUpAndIn(production.app);
    const response = await production.app.inject({
      method: 'POST',
      url: '/api/canvas/connection/test',
      headers: teacher.headers,
      payload: { canvasUrl, canvasToken: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CANVAS_URL_REFUSED');
  });
});

describe('courses', () => {
  it('lists every course with counts from one paginated request', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    harness.canvas.requestLog.length = 0;
    const response = await inject('GET', '/api/courses', teacher.headers);
    expect(response.statusCode).toBe(200);
    const { courses } = response.json();
    expect(courses.length).toBeGreaterThanOrEqual(4);
    expect(courses.some((course: { workflow_state: string }) => course.workflow_state === 'unpublished')).toBe(true);
    expect(courses.some((course: { is_favorite: boolean }) => course.is_favorite)).toBe(true);
    expect(courses.some((course: { term: unknown }) => course.term !== null)).toBe(true);
    // Canvas's catch-all "Default Term" is shown as no term.
    expect(courses.some((course: { term: { name: string } | null }) => course.term?.name === 'Default Term')).toBe(
      false,
    );
    expect(courses.some((course: { term: unknown }) => course.term === null)).toBe(true);
    expect(courses.some((course: { needs_grading_count: number }) => course.needs_grading_count > 0)).toBe(true);
    const paths = harness.canvas.requestLog.map((entry) => entry.path);
    expect(paths).toEqual(['/api/v1/courses']);
    expect(harness.canvas.requestLog[0]!.query['include[]']).toEqual(
      expect.arrayContaining(['needs_grading_count', 'total_students', 'favorites', 'term']),
    );
  });

  it('shows a course with its assignments, discussions and quizzes in four requests', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const { courses } = (await inject('GET', '/api/courses', teacher.headers)).json();
    const course = courses.find((candidate: { needs_grading_count: number }) => candidate.needs_grading_count > 0);
    harness.canvas.requestLog.length = 0;
    const response = await inject('GET', `/api/courses/${course.id}`, teacher.headers);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail.course.id).toBe(course.id);
    expect(detail.assignments.length).toBeGreaterThan(0);
    // Course, assignments, discussions, quizzes: one request each (npm run bench shows they overlap).
    expect(harness.canvas.requestLog).toHaveLength(4);
  });

  it('answers a course Canvas does not know with a 404 Course not found, not a Canvas failure', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const response = await inject('GET', '/api/courses/999999', teacher.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'Course not found' });
  });

  it('answers a malformed course id with the same 404, without asking Canvas or quoting a validator', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    harness.canvas.requestLog.length = 0;
    for (const id of ['abc', '0', '-4', '1.5', '12abc', '99999999999999999999']) {
      const response = await inject('GET', `/api/courses/${id}`, teacher.headers);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error, id).toMatchObject({ code: 'NOT_FOUND', message: 'Course not found' });
    }
    expect(harness.canvas.requestLog).toHaveLength(0);
  });

  it('lists what needs grading, asking only courses that have work to grade', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const { courses } = (await inject('GET', '/api/courses', teacher.headers)).json();
    const withWork = courses
      .filter((course: { needs_grading_count: number }) => course.needs_grading_count > 0)
      .map((course: { id: number }) => course.id);
    harness.canvas.requestLog.length = 0;
    const response = await inject('GET', '/api/needs-grading', teacher.headers);
    expect(response.statusCode).toBe(200);
    const { assignments } = response.json();
    expect(assignments.length).toBeGreaterThan(0);
    for (const item of assignments) {
      expect(item.needs_grading_count).toBeGreaterThan(0);
      expect(withWork).toContain(item.course_id);
    }
    const assignmentCalls = harness.canvas.requestLog.filter((entry) =>
      /\/courses\/\d+\/assignments$/.test(entry.path),
    );
    expect(new Set(assignmentCalls.map((entry) => entry.path)).size).toBe(withWork.length);
  });

  it('names the discussion or quiz behind a Needs Grading item, so Start Grading opens its own grader', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const { assignments } = (await inject('GET', '/api/needs-grading', teacher.headers)).json<{
      assignments: NeedsGradingItem[];
    }>();
    const discussion = assignments.find((item) => item.discussion_topic_id !== null)!;
    const quiz = assignments.find((item) => item.quiz_id !== null)!;
    const plain = assignments.find((item) => item.discussion_topic_id === null && item.quiz_id === null)!;
    expect(harness.canvas.state.assignments.get(discussion.id)!.discussionTopicId).toBe(discussion.discussion_topic_id);
    expect(harness.canvas.state.assignments.get(quiz.id)!.quizId).toBe(quiz.quiz_id);
    expect(needsGradingPath(discussion)).toBe(
      `/courses/${discussion.course_id}/discussions/${discussion.discussion_topic_id}/grade`,
    );
    expect(needsGradingPath(quiz)).toBe(`/courses/${quiz.course_id}/quizzes/${quiz.quiz_id}/grade`);
    expect(needsGradingPath(plain)).toBe(`/courses/${plain.course_id}/assignments/${plain.id}/grade`);
  });

  it('rides out a Canvas hiccup and throttling', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    harness.canvas.faults.failNext(1, 503);
    expect((await inject('GET', '/api/courses', teacher.headers)).statusCode).toBe(200);
    harness.canvas.faults.failNext(2, 403, RATE_LIMIT_EXCEEDED_BODY);
    harness.canvas.requestLog.length = 0;
    expect((await inject('GET', '/api/courses', teacher.headers)).statusCode).toBe(200);
    expect(harness.canvas.requestLog).toHaveLength(3);
  });
});
