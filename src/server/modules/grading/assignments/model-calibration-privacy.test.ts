import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import { createAiModel } from '@/server/adapters/ai';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { connectedTeacher, startTestCanvas } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';

/**
 * With AI_CALIBRATE, a model also grades the teacher's graded work on the assignment, so the class's
 * work goes to the provider. Every class member's name must be out of every excerpt it is sent, not
 * only each author's own: students write about each other.
 */
let ai: FakeAiServer;
let harness: TestApp;
let canvas: RunningDemoCanvas;

beforeAll(async () => {
  ai = await startFakeAiServer();
  ai.setDefault({ kind: 'from-schema', overrides: { grade: 7 } });
  [harness, canvas] = await Promise.all([
    createTestApp({
      aiModel: createAiModel(
        { provider: 'openai-compatible', baseUrl: ai.baseUrl, model: 'test-model' },
        { maxNetworkRetries: 0 },
      ),
      env: { AI_CALIBRATE: 'true' },
    }),
    startTestCanvas(),
  ]);
});
afterAll(async () => {
  await Promise.all([harness?.close(), canvas?.close(), ai?.close()]);
});

const isWaiting = (submission: GradingSubmission) =>
  !submission.id.startsWith('placeholder_') &&
  submission.submitted_at !== null &&
  submission.workflow_state !== 'graded';

/** Every form of a name the roster holds, and each part of three letters or more on its own. */
function nameForms(user: GradingSubmission['user']): string[] {
  const parts = `${user.name} ${user.sortable_name}`
    .split(/[\s,]+/)
    .filter((part) => part.replace(/[^\p{L}]/gu, '').length >= 3);
  return [user.name, user.sortable_name, ...parts];
}

describe('model calibration and the class roster', () => {
  it('redacts every class member’s name in every excerpt sent to the model, the calibration’s graded work included', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const { assignments } = (
      await harness.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
    ).json();
    const target = assignments[0] as { course_id: number; id: number };
    const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
    const view = (
      await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json() as AssignmentGradingView;
    const student = view.submissions.find(isWaiting)!;
    const roster = view.submissions.map((submission) => submission.user);

    // Each piece of work names two classmates, in full and by first name, as students do.
    const stored = [...canvas.state.submissions.values()].filter(
      (submission) => submission.assignmentId === target.id && submission.body,
    );
    stored.forEach((submission, index) => {
      const others = roster.filter((user) => user.id !== submission.userId);
      const first = others[index % others.length]!;
      const second = others[(index + 1) % others.length]!;
      submission.body = `${submission.body}<p>I talked this over with ${first.name}, and ${second.name.split(' ')[0]} disagreed with me.</p>`;
    });
    const gradedWithText = stored.filter(
      (submission) =>
        submission.workflowState === 'graded' && submission.score !== null && submission.userId !== student.user_id,
    );
    expect(gradedWithText.length).toBeGreaterThanOrEqual(3);

    ai.reset();
    ai.setDefault({ kind: 'from-schema', overrides: { grade: 7 } });
    const response = await harness.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: student.user_id, options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().draft.basis).toMatchObject({ method: 'calibrated-model' });
    // The draft and the graded work the calibration asks the model about.
    expect(ai.requests.length).toBeGreaterThanOrEqual(4);

    const forms = [...new Set(roster.flatMap(nameForms))];
    for (const request of ai.requests) {
      const body = JSON.stringify(request.body);
      expect(body).toContain('[CLASSMATE]');
      for (const form of forms) expect(body, `a request holds "${form}"`).not.toContain(form);
    }
  });
});
