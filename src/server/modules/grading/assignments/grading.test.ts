import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import { createAiModel } from '@/server/adapters/ai';
import { DEMO_CANVAS_TA_TOKEN } from '@/server/demo-canvas';
import { usageTracking } from '@/server/db/schema';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { createTestApp, queryRows, type TestApp } from '@/server/test/test-app';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';
import { consumeRunAllowance, DRAFT_ALLOWANCE } from '../kernel/draft-rate-limit';

const grading = useGradingHarness();

async function firstGradableAssignment(teacher: Teacher, app = grading.app) {
  const { assignments } = (
    await app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
  ).json();
  const target = assignments[0] as { course_id: number; id: number };
  const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
  const view = (
    await app.inject({ method: 'GET', url: base, headers: teacher.headers })
  ).json() as AssignmentGradingView;
  return { base, view, courseId: target.course_id, assignmentId: target.id };
}

const isWaiting = (submission: GradingSubmission) =>
  !submission.id.startsWith('placeholder_') &&
  submission.submitted_at !== null &&
  submission.workflow_state !== 'graded';

async function usageOf(teacher: Teacher, app = grading.app) {
  return (await app.inject({ method: 'GET', url: '/api/usage', headers: teacher.headers })).json();
}

describe('the grading view', () => {
  it('returns the assignment and every student, sorted by sortable name, with placeholders for no submission', async () => {
    const teacher = await grading.teacher();
    const { view } = await firstGradableAssignment(teacher);
    expect(view.assignment.name).toBeTruthy();
    expect(view.submissions.length).toBeGreaterThan(5);
    const names = view.submissions.map((submission) => submission.user.sortable_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const submission of view.submissions) {
      if (submission.workflow_state === 'unsubmitted' && !submission.submitted_at)
        expect(submission.id).toMatch(/^placeholder_\d+$/);
    }
  });
});

describe('drafting with the offline engine', () => {
  it('drafts a checked grade with quotes from the work, and keeps it for the teacher', async () => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const student = view.submissions.find(isWaiting)!;
    const points = view.assignment.points_possible ?? 100;
    const response = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: {
        userId: student.user_id,
        options: { mode: 'summative', useRubric: Boolean(view.assignment.rubric), customInstructions: null },
      },
    });
    expect(response.statusCode).toBe(200);
    const { draft } = response.json();
    expect(draft.engine).toBe('offline');
    expect(draft.grade).toBeGreaterThanOrEqual(0);
    expect(draft.grade).toBeLessThanOrEqual(points);
    expect(draft.grade * 2).toBe(Math.round(draft.grade * 2));
    const quotes = [...draft.strengths, ...draft.areasForImprovement].filter(
      (point: { quoteVerified: boolean }) => point.quoteVerified,
    );
    expect(quotes.length).toBeGreaterThan(0);
    const stored = (
      await grading.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })
    ).json();
    expect(stored.drafts[String(student.user_id)].draft.grade).toBe(draft.grade);
    // Drafts are encrypted at rest: the feedback text is nowhere in the table.
    const rows = await queryRows<{ sealed_draft: string }>(
      grading.database.db,
      sql`select sealed_draft from grading_drafts`,
    );
    expect(rows.some((row) => row.sealed_draft.includes(draft.feedback.slice(0, 30)))).toBe(false);
  });

  it('refuses to draft for a student who has not submitted', async () => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const absent = view.submissions.find((submission) => submission.id.startsWith('placeholder_'));
    if (!absent) throw new Error('the demo Canvas should have a student without a submission here');
    const response = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: absent.user_id, options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe("Cannot grade students who haven't submitted anything yet");
  });

  it('drafts the whole class in the background', async () => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const waiting = view.submissions.filter(isWaiting).length;
    // The run must have work to do, or the checks below would hold for an empty class too.
    expect(waiting).toBeGreaterThan(0);
    const started = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts/batch`,
      headers: teacher.headers,
      payload: { options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ total: waiting, status: 'running' });
    let stored = (await grading.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json();
    for (let poll = 0; poll < 100 && stored.job.status === 'running'; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored = (await grading.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json();
    }
    expect(stored.job).toMatchObject({ status: 'finished', completed: waiting, failed: 0 });
    expect(Object.keys(stored.drafts)).toHaveLength(waiting);
  });
});

describe('the hourly draft allowance', () => {
  it('lets a whole-class run start while the allowance has room, counts every student, then makes drafts wait', async () => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const waiting = view.submissions.filter(isWaiting).length;
    expect(waiting).toBeGreaterThan(1);
    // 599 drafts already this hour: one more single draft fits, and so does a run (a class of 1,000 does too).
    await consumeRunAllowance(grading.database.db, teacher.userId, DRAFT_ALLOWANCE.limit - 1);
    const options = { mode: 'formative', useRubric: false, customInstructions: null };
    const started = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts/batch`,
      headers: teacher.headers,
      payload: { options },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ total: waiting, status: 'running' });
    const [allowance] = await queryRows<{ hits: number }>(
      grading.database.db,
      sql`select hits from rate_limits where key = ${`draft:${teacher.userId}`}`,
    );
    expect(allowance!.hits).toBe(DRAFT_ALLOWANCE.limit - 1 + waiting);

    const single = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: view.submissions.find(isWaiting)!.user_id, options },
    });
    expect(single.statusCode).toBe(429);
    expect(single.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('drafting through a model', () => {
  let ai: FakeAiServer;
  let withModel: TestApp;
  beforeAll(async () => {
    ai = await startFakeAiServer();
    withModel = await createTestApp({
      database: grading.database,
      aiModel: createAiModel(
        { provider: 'openai-compatible', baseUrl: ai.baseUrl, model: 'test-model' },
        { maxNetworkRetries: 0 },
      ),
    });
  });
  afterAll(async () => {
    await withModel.close();
    await ai.close();
  });

  it('sends the rubric and options but never the student’s name, and clamps the answer', async () => {
    const teacher = await grading.teacher(withModel.app);
    const { base, view } = await firstGradableAssignment(teacher, withModel.app);
    const student = view.submissions.find(isWaiting)!;
    const points = view.assignment.points_possible ?? 100;
    ai.enqueue({ kind: 'from-schema', overrides: { grade: points * 3, feedback: `Good work, [STUDENT_FIRST_NAME].` } });
    const response = await withModel.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: {
        userId: student.user_id,
        options: { mode: 'summative', useRubric: false, customInstructions: 'Mention the thesis.' },
      },
    });
    expect(response.statusCode).toBe(200);
    const prompt = ai.promptText();
    const [lastName, firstName] = student.user.sortable_name.split(', ');
    expect(prompt).not.toContain(student.user.name);
    expect(prompt).not.toContain(lastName!);
    expect(prompt).not.toContain(firstName!);
    expect(prompt).toContain('Mention the thesis.');
    expect(prompt.toLowerCase()).toContain('summative');
    const { draft } = response.json();
    expect(draft.grade).toBe(points);
    expect(draft.feedback).toBe(`Good work, ${firstName}.`);
  });

  it('reports a malformed answer with the spec’s message after one retry', async () => {
    const teacher = await grading.teacher(withModel.app);
    const { base, view } = await firstGradableAssignment(teacher, withModel.app);
    const student = view.submissions.find(isWaiting)!;
    ai.reset();
    ai.enqueue({ kind: 'text', content: 'not json at all' }, { kind: 'text', content: '{"grade": "high"' });
    const response = await withModel.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: student.user_id, options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(response.json().error.message).toBe('Error: Failed to generate AI grading. Please try again.');
    expect(ai.requests).toHaveLength(2);
  });
});

describe('saving to Canvas', () => {
  it('saves grade and comment to Canvas, counts one credit, audits and clears the draft', async () => {
    const teacher = await grading.teacher();
    const { base, view, courseId, assignmentId } = await firstGradableAssignment(teacher);
    const student = view.submissions.find(isWaiting)!;
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 7.5, comment: 'Clear thesis; cite your sources.' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().submission).toMatchObject({ score: 7.5, workflow_state: 'graded' });
    expect(response.json().usage.submissions_used).toBe(1);
    // The usage answered is the reservation's, and it is what the usage page reads.
    expect(response.json().usage).toEqual(await usageOf(teacher));

    const inCanvas = await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions/${student.user_id}?include[]=submission_comments`,
      { headers: { authorization: `Bearer ${grading.canvas.token}` } },
    ).then((reply) => reply.json());
    expect(inCanvas.score).toBe(7.5);
    expect(inCanvas.submission_comments.map((comment: { comment: string }) => comment.comment)).toContain(
      'Clear thesis; cite your sources.',
    );
    const audit = await queryRows<{ action: string }>(
      grading.database.db,
      sql`select action from audit_logs where user_id = ${teacher.userId} and action like 'GRADE%'`,
    );
    expect(audit).toEqual([{ action: 'GRADE_SUBMISSION' }]);
  });

  it('sends the rubric assessment with the grade', async () => {
    const teacher = await grading.teacher();
    const { assignments } = (
      await grading.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
    ).json();
    let found: { base: string; view: AssignmentGradingView; courseId: number; assignmentId: number } | null = null;
    for (const item of assignments) {
      const base = `/api/grading/courses/${item.course_id}/assignments/${item.id}`;
      const view = (await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })).json();
      if (view.assignment.rubric?.length && view.submissions.some(isWaiting)) {
        found = { base, view, courseId: item.course_id, assignmentId: item.id };
        break;
      }
    }
    expect(found).not.toBeNull();
    const { base, view, courseId, assignmentId } = found!;
    const student = view.submissions.find(isWaiting)!;
    const rubric = view.assignment.rubric!;
    const rubricAssessment = rubric.map((criterion) => ({
      criterionId: criterion.id,
      points: criterion.points / 2,
      comments: `On ${criterion.description}`,
    }));
    const total = rubricAssessment.reduce((sum, item) => sum + item.points, 0);
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: total, comment: '', rubricAssessment },
    });
    expect(response.statusCode).toBe(200);
    const inCanvas = await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions/${student.user_id}?include[]=rubric_assessment`,
      { headers: { authorization: `Bearer ${grading.canvas.token}` } },
    ).then((reply) => reply.json());
    expect(inCanvas.rubric_assessment[rubric[0]!.id]).toMatchObject({
      points: rubric[0]!.points / 2,
      comments: `On ${rubric[0]!.description}`,
    });
  });

  it('never sends a drafted rubric comment beside points the teacher changed', async () => {
    const teacher = await grading.teacher();
    const { assignments } = (
      await grading.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
    ).json();
    let found: { base: string; view: AssignmentGradingView; courseId: number; assignmentId: number } | null = null;
    for (const item of assignments) {
      const base = `/api/grading/courses/${item.course_id}/assignments/${item.id}`;
      const view = (await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })).json();
      if (view.assignment.rubric?.length && view.submissions.some(isWaiting)) {
        found = { base, view, courseId: item.course_id, assignmentId: item.id };
        break;
      }
    }
    const { base, view, courseId, assignmentId } = found!;
    const student = view.submissions.find(isWaiting)!;
    const drafted = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: student.user_id, options: { mode: 'summative', useRubric: true, customInstructions: null } },
    });
    expect(drafted.statusCode, drafted.body).toBe(200);
    const draftRubric = (
      drafted.json().draft.rubricAssessment as Array<{ criterionId: string; points: number; comment: string }>
    ).filter((item) => item.comment.trim() !== '');
    expect(draftRubric.length).toBeGreaterThan(1);
    const [changed, kept] = draftRubric as [(typeof draftRubric)[number], (typeof draftRubric)[number]];
    const criterion = view.assignment.rubric!.find((item) => item.id === changed.criterionId)!;
    const otherPoints = changed.points === 0 ? criterion.points : 0;
    // A stale screen sends the drafted words with new points for one criterion, and unchanged ones for another.
    const rubricAssessment = [
      { criterionId: changed.criterionId, points: otherPoints, comments: changed.comment },
      { criterionId: kept.criterionId, points: kept.points, comments: kept.comment },
    ];
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: {
        submissionId: student.id,
        grade: otherPoints + kept.points,
        comment: 'Overall comment.',
        rubricAssessment,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const inCanvas = await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/${courseId}/assignments/${assignmentId}/submissions/${student.user_id}?include[]=rubric_assessment`,
      { headers: { authorization: `Bearer ${grading.canvas.token}` } },
    ).then((reply) => reply.json());
    expect(inCanvas.rubric_assessment[changed.criterionId].points).toBe(otherPoints);
    expect(inCanvas.rubric_assessment[changed.criterionId].comments ?? '').toBe('');
    expect(inCanvas.rubric_assessment[kept.criterionId]).toMatchObject({ points: kept.points, comments: kept.comment });
  });

  it('gives the credit back when Canvas refuses, with the permission message', async () => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const student = view.submissions.find(isWaiting)!;
    grading.canvas.faults.failNext(
      1,
      403,
      { status: 'unauthorized', errors: [{ message: 'user not authorized to perform that action' }] },
      { method: 'PUT' },
    );
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 5, comment: '' },
    });
    expect(response.json().error).toMatchObject({
      code: 'CANVAS_PERMISSION',
      message: 'Permission denied. Please check your Canvas permissions for grading.',
    });
    expect((await usageOf(teacher)).submissions_used).toBe(0);
    const audit = await queryRows<{ action: string }>(
      grading.database.db,
      sql`select action from audit_logs where user_id = ${teacher.userId} and (action like 'GRADE%' or action like 'USAGE%') order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['USAGE_INCREMENTED', 'USAGE_REFUNDED', 'GRADE_SUBMISSION_FAILED']);
  });

  it.each([
    [404, 'CANVAS_NOT_FOUND', 'Assignment or student not found. Please check if the assignment accepts submissions.'],
    [422, 'CANVAS_UNPROCESSABLE', 'Invalid grade format. Please check the grade value and try again.'],
  ])('maps Canvas %i to its message and refunds', async (status, code, message) => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const student = view.submissions.find(isWaiting)!;
    grading.canvas.faults.failNext(1, status, { errors: [{ message: 'refused' }] }, { method: 'PUT' });
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 5, comment: '' },
    });
    expect(response.json().error).toMatchObject({ code, message });
    expect((await usageOf(teacher)).submissions_used).toBe(0);
  });

  it('refuses a placeholder submission and a grade below zero without spending a credit', async () => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const student = view.submissions.find(isWaiting)!;
    const placeholder = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: `placeholder_${student.user_id}`, grade: 5, comment: '' },
    });
    expect(placeholder.json().error.message).toBe("Cannot grade students who haven't submitted anything yet");
    const negative = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: -1, comment: '' },
    });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.field).toBe('grade');
    expect((await usageOf(teacher)).submissions_used).toBe(0);
  });

  it('refuses once the limit is reached, with the spec’s message', async () => {
    const teacher = await grading.teacher();
    await grading.database.db.insert(usageTracking).values({
      userId: teacher.userId,
      email: teacher.email,
      billingPeriod: 'trial',
      monthYear: 'trial',
      submissionsUsed: 10,
    });
    const { base, view } = await firstGradableAssignment(teacher);
    const student = view.submissions.find(isWaiting)!;
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 5, comment: '' },
    });
    expect(response.json().error).toMatchObject({
      code: 'USAGE_LIMIT_REACHED',
      message:
        "You've reached your limit of 10 submissions for this billing period. Consider purchasing additional submissions or upgrading your plan.",
    });
  });

  it('maps a real Canvas refusal (a TA without grading rights) to the permission message', async () => {
    const teacher = await grading.teacher();
    const { base, view } = await firstGradableAssignment(teacher);
    const student = view.submissions.find(isWaiting)!;
    const ta = await connectedTeacher(grading.app, grading.canvas, { token: DEMO_CANVAS_TA_TOKEN });
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: ta.headers,
      payload: { submissionId: student.id, grade: 5, comment: '' },
    });
    expect(response.json().error).toMatchObject({
      code: 'CANVAS_PERMISSION',
      message: 'Permission denied. Please check your Canvas permissions for grading.',
    });
    expect((await usageOf(ta)).submissions_used).toBe(0);
  });
});

describe('attachments', () => {
  it('downloads a student’s file through the server', async () => {
    const teacher = await grading.teacher();
    const { assignments } = (
      await grading.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
    ).json();
    for (const item of assignments) {
      const base = `/api/grading/courses/${item.course_id}/assignments/${item.id}`;
      const view = (
        await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
      ).json() as AssignmentGradingView;
      const withFile = view.submissions.find((submission) => submission.attachments.length > 0);
      if (!withFile) continue;
      const file = withFile.attachments[0]!;
      const response = await grading.app.inject({
        method: 'GET',
        url: `${base}/students/${withFile.user_id}/attachments/${file.id}`,
        headers: teacher.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.rawPayload.length).toBeGreaterThan(50);
      return;
    }
    throw new Error('the demo Canvas has no submission with a file in a course with work to grade');
  });
});
