import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCanvas, type RunningDemoCanvas } from '@/server/demo-canvas';
import { createCanvasClient } from '@/server/adapters/canvas/canvas-client';
import { createCanvasNetwork } from '@/server/adapters/canvas/canvas-network';
import type { CanvasClient } from '@/server/adapters/canvas';
import { loadAssignmentForDraft, rememberSavedGrade } from './load-assignment';

let demo: RunningDemoCanvas;
let client: CanvasClient;
const network = createCanvasNetwork({ allowPrivateHosts: true });
beforeAll(async () => {
  demo = await startDemoCanvas();
  client = createCanvasClient({ baseUrl: demo.baseUrl, token: demo.token, network, retryBaseDelayMs: 2 });
});
afterAll(() => Promise.all([demo.close(), network.close()]));

const listsSubmissions = () =>
  demo.requestLog.filter((entry) => /\/assignments\/\d+\/submissions$/.test(entry.path)).length;

describe('the class a single draft reads', () => {
  it('is read once for Save & Next, with each student’s own submission fresh and each saved grade in it', async () => {
    const target = { courseId: 4201, assignmentId: 5002 };
    const first = await loadAssignmentForDraft(client, 'teacher-a', { ...target, userId: 0 }).catch(() => null);
    // Student 0 is not in the class: the read is not kept as a failure, but the class read is.
    expect(first).toBeNull();
    const [one, two, three] = (await client.listSubmissions(4201, 5002)).filter((each) => each.body);
    demo.faults.reset();

    const forOne = await loadAssignmentForDraft(client, 'teacher-a', { ...target, userId: one!.userId });
    expect(forOne.submission.userId).toBe(one!.userId);
    expect(listsSubmissions()).toBe(0);
    expect(demo.requestLog.map((entry) => entry.path)).toEqual([
      `/api/v1/courses/4201/assignments/5002/submissions/${one!.userId}`,
    ]);

    // A grade she saves joins the class the next draft learns from.
    rememberSavedGrade(
      'teacher-a',
      { ...target, userId: two!.userId },
      {
        ...two!,
        score: 17,
        grade: '17',
        workflowState: 'graded',
        gradeMatchesCurrentSubmission: true,
      },
    );
    const forThree = await loadAssignmentForDraft(client, 'teacher-a', { ...target, userId: three!.userId });
    expect(forThree.submissions.find((each) => each.userId === two!.userId)).toMatchObject({
      score: 17,
      workflowState: 'graded',
      user: two!.user,
      body: two!.body,
    });
    expect(listsSubmissions()).toBe(0);

    // Another teacher's read is her own.
    await loadAssignmentForDraft(client, 'teacher-b', { ...target, userId: one!.userId });
    expect(listsSubmissions()).toBe(1);
  });
});
