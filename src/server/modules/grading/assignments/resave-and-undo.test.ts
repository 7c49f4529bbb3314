import { describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

const grading = useGradingHarness();

const isWaiting = (submission: GradingSubmission) =>
  !submission.id.startsWith('placeholder_') &&
  submission.submitted_at !== null &&
  submission.workflow_state !== 'graded';

/** A waiting student of the first assignment with work to grade, not yet used by another test of this file. */
const used = new Set<string>();
async function waitingStudent(teacher: Teacher) {
  const { assignments } = (
    await grading.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
  ).json();
  const target = assignments[0] as { course_id: number; id: number };
  const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
  const view = (
    await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
  ).json<AssignmentGradingView>();
  const student = view.submissions.find((submission) => isWaiting(submission) && !used.has(submission.id))!;
  used.add(student.id);
  const canvasUrl = `${grading.canvas.baseUrl}/api/v1/courses/${target.course_id}/assignments/${target.id}/submissions/${student.user_id}?include[]=submission_comments`;
  const inCanvas = () =>
    fetch(canvasUrl, { headers: { authorization: `Bearer ${grading.canvas.token}` } }).then(
      (reply) =>
        reply.json() as Promise<{ score: number | null; submission_comments: Array<{ id: number; comment: string }> }>,
    );
  const save = (grade: number, comment: string) =>
    grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade, comment },
    });
  const undo = () =>
    grading.app.inject({ method: 'POST', url: `${base}/grades/${student.user_id}/undo`, headers: teacher.headers });
  return { student, inCanvas, save, undo };
}

describe('saving a student again', () => {
  it('edits the comment Margin posted before instead of posting a second, and costs no second credit this period', async () => {
    const teacher = await grading.teacher();
    const { inCanvas, save } = await waitingStudent(teacher);
    const commentsBefore = (await inCanvas()).submission_comments.length;

    const first = await save(7.5, 'Clear thesis; cite your sources.');
    expect(first.statusCode).toBe(200);
    expect(first.json().usage.submissions_used).toBe(1);
    expect(first.json().isPaidEarlier).toBe(false);

    const second = await save(8, 'Clear thesis; your sources now carry the argument.');
    expect(second.statusCode).toBe(200);
    expect(second.json().usage.submissions_used).toBe(1);
    expect(second.json().isPaidEarlier).toBe(true);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 1 });

    const stored = await inCanvas();
    expect(stored.score).toBe(8);
    expect(stored.submission_comments).toHaveLength(commentsBefore + 1);
    expect(stored.submission_comments.at(-1)!.comment).toBe('Clear thesis; your sources now carry the argument.');
  });
});

describe('undo', () => {
  it('puts back the grade and comment Canvas held before the last save, once, at no cost', async () => {
    const teacher = await grading.teacher();
    const { inCanvas, save, undo } = await waitingStudent(teacher);
    await save(7.5, 'First look.');
    await save(9, 'Second look.');

    const undone = await undo();
    expect(undone.statusCode).toBe(200);
    const stored = await inCanvas();
    expect(stored.score).toBe(7.5);
    expect(stored.submission_comments.at(-1)!.comment).toBe('First look.');
    expect(undone.json().submission.score).toBe(7.5);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 1 });

    const again = await undo();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('There is no save of yours to undo for this student.');
  });

  it('after a first save, clears the grade and deletes the comment it posted', async () => {
    const teacher = await grading.teacher();
    const { inCanvas, save, undo } = await waitingStudent(teacher);
    const before = await inCanvas();
    await save(6, 'A first comment to take back.');
    const undone = await undo();
    expect(undone.statusCode).toBe(200);
    const stored = await inCanvas();
    expect(stored.score).toBe(before.score);
    expect(stored.submission_comments.map((comment) => comment.comment)).not.toContain('A first comment to take back.');
  });
});
