import type { FastifyInstance } from 'fastify';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import { isSubmissionWaitingForGrade, type AssignmentGradingView } from '@/shared/schemas/grading';
import { printTable } from './load';

type Teacher = { headers: Record<string, string> };
const options = { mode: 'formative', useRubric: false, customInstructions: null };

const isWaiting = isSubmissionWaitingForGrade;

/** Opening a 200-student assignment: the data calls until the first student can be shown. */
export async function benchOpenAssignment(
  app: FastifyInstance,
  canvas: RunningDemoCanvas,
  teacher: Teacher,
  base: string,
) {
  canvas.requestLog.length = 0;
  const startedAt = performance.now();
  const response = await app.inject({ method: 'GET', url: base, headers: teacher.headers });
  const elapsed = performance.now() - startedAt;
  const view = response.json() as AssignmentGradingView;
  printTable(`Opening an assignment (demo Canvas at ${canvas.faults.latencyMs} ms per request)`, [
    [
      'first student on screen (data)',
      `${elapsed.toFixed(0)} ms for ${view.submissions.length} students, ${canvas.requestLog.length} Canvas requests`,
    ],
  ]);
}

/** Drafting 30 submissions: "draft the whole class" against drafting them one after another. */
export async function benchDrafting(app: FastifyInstance, teacher: Teacher, base: string, view: AssignmentGradingView) {
  const waiting = view.submissions.filter(isWaiting);
  if (waiting.length !== 30) throw new Error(`expected 30 waiting submissions, found ${waiting.length}`);

  const sequentialStart = performance.now();
  for (const submission of waiting) {
    const response = await app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: submission.user_id, options },
    });
    if (response.statusCode !== 200) throw new Error(`draft failed: ${response.body}`);
  }
  const sequentialMs = performance.now() - sequentialStart;

  const batchStart = performance.now();
  const started = await app.inject({
    method: 'POST',
    url: `${base}/drafts/batch`,
    headers: teacher.headers,
    payload: { options },
  });
  if (started.statusCode !== 200) throw new Error(`batch failed: ${started.body}`);
  let job = started.json();
  while (job.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = (await app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json().job;
  }
  const batchMs = performance.now() - batchStart;
  printTable('Drafting 30 submissions (local model server answering in 1 s)', [
    ['one after another', `${(sequentialMs / 1000).toFixed(1)} s`],
    ['draft the whole class', `${(batchMs / 1000).toFixed(1)} s (${job.completed} drafted, ${job.failed} failed)`],
    ['speed-up', `${(sequentialMs / batchMs).toFixed(1)}× (target at least 5×)`],
  ]);
}

/** Finds an assignment with exactly 30 submitted, ungraded students in the scenario. */
export async function findAssignmentWithWaiting(app: FastifyInstance, teacher: Teacher, count: number) {
  const { assignments } = (
    await app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
  ).json();
  for (const item of assignments as Array<{ course_id: number; id: number }>) {
    const base = `/api/grading/courses/${item.course_id}/assignments/${item.id}`;
    const view = (
      await app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json() as AssignmentGradingView;
    if (view.submissions.filter(isWaiting).length === count) return { base, view };
  }
  throw new Error(`no assignment with exactly ${count} waiting submissions`);
}
