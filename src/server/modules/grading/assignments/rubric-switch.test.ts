import { describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import type { GradingDraft } from '@/shared/schemas/ai';
import { RUBRIC_SHAPE_ASSIGNMENTS } from '@/server/demo-canvas/seed/rubric-shapes-seed';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

const grading = useGradingHarness();
const COURSE = 4201;

const isWaiting = (submission: GradingSubmission) =>
  submission.workflow_state === 'submitted' && !submission.id.startsWith('placeholder');

function baseOf(name: string) {
  const assignment = [...grading.canvas.state.assignments.values()].find(
    (candidate) => candidate.courseId === COURSE && candidate.name === name,
  )!;
  return `/api/grading/courses/${COURSE}/assignments/${assignment.id}`;
}

async function choicesOf(teacher: Teacher, base: string) {
  const response = await grading.app.inject({ method: 'GET', url: `${base}/choices`, headers: teacher.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ useRubric: boolean }>();
}

async function choose(teacher: Teacher, base: string, payload: Record<string, unknown>) {
  return grading.app.inject({ method: 'PUT', url: `${base}/choices`, headers: teacher.headers, payload });
}

async function runWholeClass(teacher: Teacher, base: string) {
  const started = await grading.app.inject({
    method: 'POST',
    url: `${base}/drafts/batch`,
    headers: teacher.headers,
    // The request's own switch is off: the run follows the remembered choice.
    payload: { options: { mode: 'formative', useRubric: false, customInstructions: null } },
  });
  expect(started.statusCode, started.body).toBe(200);
  let stored = (await grading.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json();
  for (let poll = 0; poll < 400 && stored.job.status === 'running'; poll += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    stored = (await grading.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json();
  }
  expect(stored.job.status).toBe('finished');
  return Object.values(stored.drafts as Record<string, { draft: GradingDraft }>).map((entry) => entry.draft);
}

describe('the rubric switch keeps her choice', () => {
  it('is off by default, remembered per assignment and per teacher', async () => {
    const teacher = await grading.teacher();
    const other = await grading.teacher();
    const first = baseOf(RUBRIC_SHAPE_ASSIGNMENTS.sharedFirst);
    const second = baseOf(RUBRIC_SHAPE_ASSIGNMENTS.sharedSecond);
    expect(await choicesOf(teacher, first)).toEqual({ useRubric: false });

    const saved = await choose(teacher, first, { useRubric: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await choicesOf(teacher, first)).toEqual({ useRubric: true });
    expect(await choicesOf(teacher, second)).toEqual({ useRubric: false });
    expect(await choicesOf(other, first)).toEqual({ useRubric: false });

    await choose(teacher, first, { useRubric: false });
    expect(await choicesOf(teacher, first)).toEqual({ useRubric: false });
  });

  it('refuses a choice that is not one', async () => {
    const teacher = await grading.teacher();
    const base = baseOf(RUBRIC_SHAPE_ASSIGNMENTS.sharedFirst);
    expect((await choose(teacher, base, { useRubric: 'yes' })).statusCode).toBe(400);
    expect((await choose(teacher, base, { useRubric: true, extra: 1 })).statusCode).toBe(400);
    expect(await choicesOf(teacher, base)).toEqual({ useRubric: false });
  });

  it('"Draft the whole class" follows it: every draft fills the rubric once it is on, none while it is off', async () => {
    const teacher = await grading.teacher();
    const base = baseOf(RUBRIC_SHAPE_ASSIGNMENTS.freeForm);
    const view = (
      await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    const waiting = view.submissions.filter(isWaiting).length;
    expect(waiting).toBeGreaterThan(1);

    await choose(teacher, base, { useRubric: true });
    const drafts = await runWholeClass(teacher, base);
    expect(drafts).toHaveLength(waiting);
    for (const draft of drafts) expect(draft.rubricAssessment).toHaveLength(view.assignment.rubric!.length);
  });
});
