import { describe, expect, it } from 'vitest';
import type { SaveGradeResponse } from '@/shared/schemas/grading';
import type { DemoSubmission } from '@/server/demo-canvas/model';
import { gradeByLength } from '@/server/test/steady-grades';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

const grading = useGradingHarness();

/** The demo Canvas's argumentative essay (100 points): two essays graded, the rest typed and waiting. */
const ESSAY_ID = 5002;
const BASE = `/api/grading/courses/4201/assignments/${ESSAY_ID}`;

function typedWaiting(): DemoSubmission[] {
  return [...grading.canvas.state.submissions.values()]
    .filter((s) => s.assignmentId === ESSAY_ID && s.body && s.workflowState === 'submitted')
    .sort((a, b) => a.id - b.id);
}

async function save(teacher: Teacher, submission: DemoSubmission, grade: number) {
  const response = await grading.app.inject({
    method: 'PUT',
    url: `${BASE}/grades/${submission.userId}`,
    headers: teacher.headers,
    payload: { submissionId: String(submission.id), grade, comment: 'Thank you, Zoë.' },
  });
  expect(response.statusCode).toBe(200);
  return response.json<SaveGradeResponse>();
}

describe('the drift note', () => {
  it('says nothing while the teacher has graded fewer than 5 on the assignment', async () => {
    const teacher = await grading.teacher();
    const [student] = typedWaiting();
    const saved = await save(teacher, student!, 3);
    expect(saved.submission.score).toBe(3);
    expect(saved.drift).toBeUndefined();
    // Back to waiting, so the next test's teacher has her own grades only.
    Object.assign(student!, { workflowState: 'submitted', score: null, grade: null, gradedAt: null });
  });

  it('names up to two students graded alike when a grade is far from her earlier ones, and not when it is near or turned off', async () => {
    const teacher = await grading.teacher();
    const waiting = typedWaiting();
    const earlier = waiting.slice(0, 10);
    // Earlier grades that follow how much each essay develops its argument.
    gradeByLength(earlier, 55, 95);
    const [far, near, quiet] = waiting.slice(10);

    // A long, developed essay saved at 5 of 100: far from the 55 to 95 her grades give such work.
    const farSaved = await save(teacher, far!, 5);
    expect(farSaved.submission.score).toBe(5);
    expect(farSaved.drift).toBeDefined();
    const drift = farSaved.drift!;
    expect(drift.predicted).toBeGreaterThan(40);
    expect(drift.alike).toHaveLength(2);
    const graded = new Map(
      [...grading.canvas.state.submissions.values()]
        .filter((s) => s.assignmentId === ESSAY_ID && s.workflowState === 'graded')
        .map((s) => [s.userId, s.score]),
    );
    for (const student of drift.alike) {
      expect(graded.get(student.user_id)).toBe(student.score);
      expect(student.name).not.toBe('');
      expect(student.user_id).not.toBe(far!.userId);
    }

    // Saved again at what her grades predict for that work: no note.
    const nearFirst = (await save(teacher, near!, 100)).drift ?? (await save(teacher, near!, 0)).drift;
    expect(nearFirst).toBeDefined();
    expect((await save(teacher, near!, Math.round(nearFirst!.predicted))).drift).toBeUndefined();

    // Turned off, it stays off.
    await grading.app.inject({
      method: 'PATCH',
      url: '/api/grading/preferences',
      headers: teacher.headers,
      payload: { driftNotes: false },
    });
    expect((await save(teacher, quiet!, 5)).drift).toBeUndefined();
  });
});
