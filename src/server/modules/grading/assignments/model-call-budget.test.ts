import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import { createAiModel, INSTALLATION_CALLS_KEY, INSTALLATION_LIMIT_MESSAGE } from '@/server/adapters/ai';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { buildTestApp, queryRows } from '@/server/test/test-app';

/**
 * Model calls are budgeted twice: per teacher (the hourly draft allowance, which AI_CALIBRATE's
 * extra calls count against) and per installation (AI_CALLS_PER_HOUR, every teacher together).
 */
const CALLS_PER_HOUR = 40;
let ai: FakeAiServer;
beforeAll(async () => {
  ai = await startFakeAiServer();
  ai.setDefault({ kind: 'from-schema', overrides: { grade: 7 } });
});
afterAll(() => ai.close());
const harness = buildTestApp(() => ({
  canvas: true,
  aiModel: createAiModel(
    { provider: 'openai-compatible', baseUrl: ai.baseUrl, model: 'test-model' },
    { maxNetworkRetries: 0 },
  ),
  env: { AI_CALIBRATE: 'true', AI_CALLS_PER_HOUR: String(CALLS_PER_HOUR) },
}));

const isWaiting = (submission: GradingSubmission) =>
  !submission.id.startsWith('placeholder_') &&
  submission.submitted_at !== null &&
  submission.workflow_state !== 'graded';

async function draftOne() {
  const teacher = await connectedTeacher(harness.app, harness.canvas);
  const { assignments } = (
    await harness.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
  ).json<{ assignments: { course_id: number; id: number }[] }>();
  const base = `/api/grading/courses/${assignments[0]!.course_id}/assignments/${assignments[0]!.id}`;
  const view = (
    await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
  ).json<AssignmentGradingView>();
  const student = view.submissions.find(isWaiting)!;
  const before = ai.requests.length;
  const response = await harness.app.inject({
    method: 'POST',
    url: `${base}/drafts`,
    headers: teacher.headers,
    payload: { userId: student.user_id, options: { mode: 'formative', useRubric: false, customInstructions: null } },
  });
  return { teacher, response, calls: ai.requests.length - before };
}

const hits = async (key: string) =>
  (await queryRows<{ hits: number }>(harness.database.db, sql`select hits from rate_limits where key = ${key}`))[0]
    ?.hits ?? 0;

describe('model calls budgeted per teacher and per installation', () => {
  it("counts AI_CALIBRATE's extra calls against the teacher's hourly allowance", async () => {
    const { teacher, response, calls } = await draftOne();
    expect(response.statusCode).toBe(200);
    // The calibration graded some of the teacher's graded work besides the student's.
    expect(calls).toBeGreaterThan(1);
    expect(await hits(`draft:${teacher.userId}`)).toBe(calls);
    expect(await hits(INSTALLATION_CALLS_KEY)).toBe(calls);
  });

  it('refuses a draft once the installation has made its calls for the hour, without asking the model', async () => {
    await harness.database.db.execute(
      sql`update rate_limits set hits = ${CALLS_PER_HOUR} where key = ${INSTALLATION_CALLS_KEY}`,
    );
    const { response, calls } = await draftOne();
    expect(response.statusCode).toBe(429);
    expect(response.json().error.message).toBe(INSTALLATION_LIMIT_MESSAGE);
    expect(calls).toBe(0);
  });
});
