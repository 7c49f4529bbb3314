import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizGradingView } from '@/shared/schemas/quiz-grading';
import { createAiModel } from '@/server/adapters/ai';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { connectedTeacher, startTestCanvas } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { createTestApp, type TestApp } from '@/server/test/test-app';

/**
 * A quiz answer goes to the model like an assignment's work: every name on the quiz's roster is out
 * of it (issue 22: a classmate named in a quiz answer reached the model), and the student's own
 * names come back in the draft.
 */
const COURSE_ID = 4201;
const QUIZ_ID = 8101;

let ai: FakeAiServer;
let harness: TestApp;
let canvas: RunningDemoCanvas;

beforeAll(async () => {
  ai = await startFakeAiServer();
  [harness, canvas] = await Promise.all([
    createTestApp({
      aiModel: createAiModel(
        { provider: 'openai-compatible', baseUrl: ai.baseUrl, model: 'test-model' },
        { maxNetworkRetries: 0 },
      ),
    }),
    startTestCanvas(),
  ]);
});
afterAll(async () => {
  await Promise.all([harness?.close(), canvas?.close(), ai?.close()]);
});

describe('a quiz answer sent to the model', () => {
  it("hides a classmate's name however it is written, and puts the student's own back in the draft", async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const base = `/api/grading/courses/${COURSE_ID}/quizzes/${QUIZ_ID}`;
    const view = (
      await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<QuizGradingView>();
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const target = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    const classmate = view.submissions.find((submission) => submission.user_id !== target.user_id)!;

    // The classmate has an accented, double, apostrophised name; the answer writes it loosely.
    const classmateUser = canvas.state.users.get(classmate.user_id)!;
    Object.assign(classmateUser, {
      name: "Zoë O'Brien-Nuñez",
      shortName: 'Zoë',
      sortableName: "O'Brien-Nuñez, Zoë",
    });
    const student = canvas.state.users.get(target.user_id)!;
    const studentFirst = student.sortableName.split(',')[1]!.trim();
    const result = canvas.state.quizSubmissions.get(target.id)!.results.find((item) => item.questionId === essay.id)!;
    result.text = `<p>The narrator hides the truth. Zoe OBrien-Nunez said so in class, and Zoë's notes agree; O’Brien-Nuñez is right. I, ${student.name}, think the heartbeat is guilt.</p>`;

    ai.reset();
    ai.setDefault({
      kind: 'from-schema',
      overrides: { grade: 6, feedback: 'Clear reading, [STUDENT_FIRST_NAME]. Cite one more line.' },
    });
    const response = await harness.app.inject({
      method: 'POST',
      url: `${base}/submissions/${target.id}/questions/${essay.id}/draft`,
      headers: teacher.headers,
      payload: { options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ai.requests).toHaveLength(1);
    const prompt = ai.promptText(0);
    expect(prompt).toContain('The narrator hides the truth. [CLASSMATE] said so in class, and [CLASSMATE]');
    for (const form of ['Zoe', 'Zoë', 'OBrien', "O'Brien", 'O’Brien', 'Nunez', 'Nuñez', student.name, studentFirst]) {
      expect(prompt, `the prompt holds "${form}"`).not.toContain(form);
    }
    // Every other name on the quiz's roster stays out too.
    for (const other of view.submissions) {
      if (other.user_id !== classmate.user_id) expect(prompt).not.toContain(other.user.name);
    }
    expect(response.json().draft.feedback).toBe(`Clear reading, ${studentFirst}. Cite one more line.`);
  });
});
