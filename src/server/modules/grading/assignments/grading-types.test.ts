import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import type { RunningDemoCanvas } from '@/server/demo-canvas';
import type { DemoAssignment } from '@/server/demo-canvas/model';
import { connectedTeacher, startTestCanvas } from '@/server/test/canvas-fixture';
import { createTestApp, queryRows, type TestApp } from '@/server/test/test-app';

/**
 * Every Canvas grading type is sent as Canvas reads it, and what Canvas stored is read back from its
 * answer: a save that Canvas did not keep is reported and costs nothing (decision 021).
 */
let harness: TestApp;
let canvas: RunningDemoCanvas;
beforeAll(async () => {
  [harness, canvas] = await Promise.all([createTestApp(), startTestCanvas()]);
});
afterAll(async () => {
  await Promise.all([harness.close(), canvas.close()]);
});
beforeEach(() => canvas.faults.reset());

type Teacher = Awaited<ReturnType<typeof connectedTeacher>>;

function demoAssignment(name: string): DemoAssignment {
  const found = [...canvas.state.assignments.values()].find((assignment) => assignment.name === name);
  if (!found) throw new Error(`no demo assignment ${name}`);
  return found;
}

/** A points assignment of the demo, turned into another grading type for one test. */
function withGradingType(
  type: DemoAssignment['gradingType'],
  scheme?: DemoAssignment['gradingScheme'],
): DemoAssignment {
  const assignment = demoAssignment('Reading Response Journal');
  assignment.gradingType = type;
  if (scheme) assignment.gradingScheme = scheme;
  else delete assignment.gradingScheme;
  return assignment;
}

const isWaiting = (submission: GradingSubmission) =>
  !submission.id.startsWith('placeholder_') &&
  submission.submitted_at !== null &&
  submission.workflow_state !== 'graded' &&
  !submission.excused;

async function open(teacher: Teacher, assignment: DemoAssignment) {
  const base = `/api/grading/courses/${assignment.courseId}/assignments/${assignment.id}`;
  const view = (
    await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
  ).json() as AssignmentGradingView;
  return { base, view, student: view.submissions.find(isWaiting)! };
}

async function save(teacher: Teacher, base: string, student: GradingSubmission, payload: Record<string, unknown>) {
  return harness.app.inject({
    method: 'PUT',
    url: `${base}/grades/${student.user_id}`,
    headers: teacher.headers,
    payload: { submissionId: student.id, comment: '', ...payload },
  });
}

async function inCanvas(assignment: DemoAssignment, userId: number) {
  return fetch(
    `${canvas.baseUrl}/api/v1/courses/${assignment.courseId}/assignments/${assignment.id}/submissions/${userId}?include[]=submission_comments`,
    {
      headers: { authorization: `Bearer ${canvas.token}` },
    },
  ).then(
    (reply) =>
      reply.json() as Promise<{
        score: number | null;
        grade: string | null;
        workflow_state: string;
        submission_comments: { comment: string }[];
      }>,
  );
}

async function creditsUsed(teacher: Teacher): Promise<number> {
  return (await harness.app.inject({ method: 'GET', url: '/api/usage', headers: teacher.headers })).json()
    .submissions_used;
}

describe('grading types', () => {
  it('tells the client the grading type and which students are excused', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const { view } = await open(teacher, demoAssignment('Website Credibility Check'));
    expect(view.assignment.grading_type).toBe('pass_fail');
    const narrative = await open(teacher, demoAssignment('Personal Narrative: A Moment That Changed Me'));
    expect(narrative.view.submissions.filter((submission) => submission.excused)).toHaveLength(1);
  });

  it('saves Complete on a pass/fail assignment as "complete", and says so', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const assignment = demoAssignment('Website Credibility Check');
    const { base, student } = await open(teacher, assignment);
    const response = await save(teacher, base, student, {
      grade: null,
      completion: 'complete',
      comment: 'Good source.',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().stored).toBe('Complete');
    expect(await inCanvas(assignment, student.user_id)).toMatchObject({
      score: assignment.pointsPossible,
      grade: 'complete',
      workflow_state: 'graded',
    });
    expect(await creditsUsed(teacher)).toBe(1);
  });

  it('refuses a partial score on a pass/fail assignment before spending a credit', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const assignment = demoAssignment('Website Credibility Check');
    const { base, student } = await open(teacher, assignment);
    const response = await save(teacher, base, student, { grade: 1.5 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/Complete or Incomplete/);
    expect(await creditsUsed(teacher)).toBe(0);
    expect((await inCanvas(assignment, student.user_id)).score).toBeNull();
  });

  it('sends a percent assignment as a percentage', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const assignment = demoAssignment('Short Essay: The Transcontinental Railroad');
    const { base, student } = await open(teacher, assignment);
    const response = await save(teacher, base, student, { grade: 17 });
    expect(response.statusCode).toBe(200);
    expect(response.json().stored).toBe('85% (17 / 20)');
    expect(await inCanvas(assignment, student.user_id)).toMatchObject({ score: 17, grade: '85%' });
  });

  it.each(['letter_grade', 'gpa_scale'] as const)('sends the letter on a %s assignment', async (type) => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const assignment = withGradingType(type);
    const { base, student } = await open(teacher, assignment);
    const response = await save(teacher, base, student, { grade: 8.5 });
    expect(response.statusCode).toBe(200);
    expect(response.json().stored).toBe('B (8.6 / 10)');
    expect(await inCanvas(assignment, student.user_id)).toMatchObject({ grade: 'B', score: 8.6 });
  });

  it('saves only the feedback on an assignment that is not graded', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const assignment = withGradingType('not_graded');
    const { base, student } = await open(teacher, assignment);
    const response = await save(teacher, base, student, { grade: null, comment: 'Thoughtful reading notes.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().stored).toBe('feedback only (not graded)');
    const stored = await inCanvas(assignment, student.user_id);
    expect(stored.score).toBeNull();
    expect(stored.submission_comments.map((comment) => comment.comment)).toContain('Thoughtful reading notes.');
  });

  it('reports a grade Canvas did not store, gives the credit back, and audits it', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    // The course grades with its own scheme: Canvas answers 200 to "B" but keeps no score.
    const assignment = withGradingType('letter_grade', [
      ['Exceeds', 90],
      ['Meets', 70],
      ['Approaching', 50],
      ['Beginning', 0],
    ]);
    const { base, student } = await open(teacher, assignment);
    const response = await save(teacher, base, student, { grade: 8.5, comment: 'Strong notes.' });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({ code: 'CANVAS_NOT_STORED' });
    expect(response.json().error.message).toBe(
      'Canvas did not store this grade: you sent B and Canvas stored no grade. No credit was used. Your feedback comment was added in Canvas.',
    );
    expect(await creditsUsed(teacher)).toBe(0);
    expect((await inCanvas(assignment, student.user_id)).score).toBeNull();
    const audit = await queryRows<{ action: string }>(
      harness.database.db,
      sql`select action from audit_logs where user_id = ${teacher.userId} and action like 'GRADE%'`,
    );
    expect(audit).toEqual([{ action: 'GRADE_NOT_STORED' }]);
  });
});

describe('a grade above the points possible', () => {
  it('is refused without confirmation, and stored as typed once confirmed', async () => {
    const teacher = await connectedTeacher(harness.app, canvas);
    const assignment = withGradingType('points');
    const { base, student } = await open(teacher, assignment);
    const refused = await save(teacher, base, student, { grade: 12 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: '12 is more than the 10 points possible. Confirm it as extra credit to save it as typed.',
    });
    expect(await creditsUsed(teacher)).toBe(0);

    const confirmed = await save(teacher, base, student, { grade: 12, allowAboveMaximum: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().stored).toBe('12 / 10');
    expect((await inCanvas(assignment, student.user_id)).score).toBe(12);
  });
});
