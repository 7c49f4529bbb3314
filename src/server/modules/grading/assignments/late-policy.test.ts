import { describe, expect, it } from 'vitest';
import type { AssignmentGradingView } from '@/shared/schemas/grading';
import { useGradingHarness } from '@/server/test/grading-harness';

const grading = useGradingHarness();
const ESSAY = '/api/grading/courses/4201/assignments/5002';

describe("Canvas's late policy on the grading screen", () => {
  it("sends the course's late policy and each submission's lateness, and a save on late work reports the grade that stands", async () => {
    const teacher = await grading.teacher();
    const view = (
      await grading.app.inject({ method: 'GET', url: ESSAY, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    expect(view.assignment.late_policy).toEqual({ deduction_percent: 10, interval: 'day', minimum_percent: 50 });
    const late = view.submissions.find((s) => s.late && s.workflow_state === 'submitted')!;
    const days = Math.ceil(late.seconds_late! / 86_400);
    expect(days).toBeGreaterThan(0);
    expect(view.submissions.filter((s) => !s.late).every((s) => s.seconds_late === 0 || s.missing)).toBe(true);

    const saved = await grading.app.inject({
      method: 'PUT',
      url: `${ESSAY}/grades/${late.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: late.id, grade: 80, comment: 'A clear claim, well supported.' },
    });
    // Canvas took its deduction off the 80 she entered; Margin sent 80 and did not subtract it again.
    const deducted = Math.min(10 * days, 30);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      stored: `80 / 100, ${80 - deducted} after Canvas's late deduction of ${deducted}`,
      submission: { entered_score: 80, score: 80 - deducted, points_deducted: deducted },
    });
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 1 });
  });

  it('has no late policy for a course without one', async () => {
    const teacher = await grading.teacher();
    const view = (
      await grading.app.inject({
        method: 'GET',
        url: '/api/grading/courses/4202/assignments/5010',
        headers: teacher.headers,
      })
    ).json<AssignmentGradingView>();
    expect(view.assignment.late_policy).toBeNull();
  });
});
