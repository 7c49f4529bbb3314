import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

const FORM = 'application/x-www-form-urlencoded';
const get = (path: string) => callCanvas(demo.baseUrl, path, { token: demo.token });
const grade = (assignmentId: number, userId: number, postedGrade: string) =>
  callCanvas(demo.baseUrl, `/api/v1/courses/4201/assignments/${assignmentId}/submissions/${userId}`, {
    token: demo.token,
    method: 'PUT',
    body: new URLSearchParams({ 'submission[posted_grade]': postedGrade }).toString(),
    contentType: FORM,
  });

type Row = { user_id: number; late: boolean; seconds_late: number; workflow_state: string; score: number | null };

describe('demo Canvas late policy', () => {
  it('answers the course late policy, and 404 for a course without one', async () => {
    const answer = await get('/api/v1/courses/4201/late_policy');
    expect(answer.status).toBe(200);
    expect(answer.json.late_policy).toMatchObject({
      course_id: 4201,
      late_submission_deduction_enabled: true,
      late_submission_deduction: 10,
      late_submission_interval: 'day',
      late_submission_minimum_percent_enabled: true,
      late_submission_minimum_percent: 50,
    });
    expect((await get('/api/v1/courses/4202/late_policy')).status).toBe(404);
  });

  it('takes 10 % of the points per started day late off a grade entered on a late submission', async () => {
    const rows = (await get('/api/v1/courses/4201/assignments/5002/submissions?per_page=100')).json as Row[];
    const late = rows.find((row) => row.late && row.workflow_state === 'submitted' && row.score === null);
    const onTime = rows.find((row) => !row.late && row.workflow_state === 'submitted' && row.score === null);
    if (!late || !onTime) throw new Error('the essay has late and on-time work waiting');
    const days = Math.ceil(late.seconds_late / 86_400);
    expect(days).toBeGreaterThan(0);

    const answer = await grade(5002, late.user_id, '80');
    expect(answer.status).toBe(200);
    const deducted = Math.min(10 * days, 30);
    expect(answer.json).toMatchObject({
      entered_score: 80,
      entered_grade: '80',
      points_deducted: deducted,
      score: 80 - deducted,
      grade: String(80 - deducted),
      late: true,
    });

    // Never below the minimum percent (50 of 100): a 52 loses at most 2 points.
    expect((await grade(5002, late.user_id, '52')).json).toMatchObject({ entered_score: 52, score: 50 });
    // On time: nothing comes off.
    expect((await grade(5002, onTime.user_id, '80')).json).toMatchObject({
      entered_score: 80,
      score: 80,
      points_deducted: null,
    });
    // Clearing the grade clears the deduction.
    expect((await grade(5002, late.user_id, '')).json).toMatchObject({ score: null, points_deducted: null });
  });
});
