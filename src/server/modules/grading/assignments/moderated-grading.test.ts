import { describe, expect, it } from 'vitest';
import { MODERATED_REFUSAL } from '@/shared/grading-rules';
import type { AssignmentGradingView } from '@/shared/schemas/grading';
import { useGradingHarness } from '@/server/test/grading-harness';

const grading = useGradingHarness();

/** The demo Canvas's moderated assignment in Environmental Science (4203), found by its flag. */
async function moderatedAssignment(): Promise<number> {
  const reply = await fetch(`${grading.canvas.baseUrl}/api/v1/courses/4203/assignments?per_page=100`, {
    headers: { authorization: `Bearer ${grading.canvas.token}` },
  });
  const assignments = (await reply.json()) as Array<{ id: number; moderated_grading: boolean }>;
  return assignments.find((assignment) => assignment.moderated_grading)!.id;
}

describe('a moderated assignment', () => {
  it('is refused with a clear reason before anything is drafted or a credit is spent, and Canvas is left as it was', async () => {
    const teacher = await grading.teacher();
    const assignmentId = await moderatedAssignment();
    const base = `/api/grading/courses/4203/assignments/${assignmentId}`;
    const view = (
      await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    expect(view.assignment.moderated_grading).toBe(true);
    const student = view.submissions.find((submission) => submission.workflow_state === 'submitted')!;

    const draft = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: student.user_id, options: { mode: 'summative', useRubric: false, customInstructions: null } },
    });
    expect(draft.statusCode).toBe(403);
    expect(draft.json().error.message).toBe(MODERATED_REFUSAL);

    const save = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 40, comment: 'Strong data, clear position.' },
    });
    expect(save.statusCode).toBe(403);
    expect(save.json().error.message).toBe(MODERATED_REFUSAL);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 0 });

    const inCanvas = await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/4203/assignments/${assignmentId}/submissions/${student.user_id}?include[]=submission_comments`,
      { headers: { authorization: `Bearer ${grading.canvas.token}` } },
    ).then((reply) => reply.json() as Promise<{ score: number | null; submission_comments: unknown[] }>);
    expect(inCanvas.score).toBeNull();
    expect(inCanvas.submission_comments).toHaveLength(0);
  });

  it('in the demo Canvas takes no plain grade, as Canvas refuses a non-provisional grade before moderation', async () => {
    const assignmentId = await moderatedAssignment();
    const rows = (await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/4203/assignments/${assignmentId}/submissions?per_page=100`,
      { headers: { authorization: `Bearer ${grading.canvas.token}` } },
    ).then((reply) => reply.json())) as Array<{ user_id: number; workflow_state: string }>;
    const student = rows.find((row) => row.workflow_state === 'submitted')!;
    const reply = await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/4203/assignments/${assignmentId}/submissions/${student.user_id}`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${grading.canvas.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ submission: { posted_grade: '40' } }),
      },
    );
    expect(reply.status).toBe(403);
  });
});
