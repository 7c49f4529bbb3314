import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AssignmentGradingView } from '@/shared/schemas/grading';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { buildTestApp, queryRows, signUpAndIn } from '@/server/test/test-app';

/**
 * A NUL byte or a lone surrogate in any text field used to reach Postgres and fail the write: a 500
 * for a profile or a contact message (after its rate-limit slot was spent), and a grade saved to
 * Canvas and charged with no audit record. Text is now cleaned before any schema sees it.
 */

const harness = buildTestApp({ canvas: true });

describe('text with NUL bytes and lone surrogates', () => {
  it('is cleaned in a profile, and nothing answers 500', async () => {
    const teacher = await signUpAndIn(harness.app);
    for (const [field, value, stored] of [
      ['fullName', 'Ada\u0000 Lovelace', 'Ada Lovelace'],
      ['schoolName', 'North \ud800High', 'North \ufffdHigh'],
    ] as const) {
      const answer = await harness.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: teacher.headers,
        payload: { [field]: value },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const profile = (
        await harness.app.inject({ method: 'GET', url: '/api/profile', headers: teacher.headers })
      ).json();
      expect(JSON.stringify(profile)).toContain(stored);
    }
  });

  it('is cleaned in a contact message, which is stored', async () => {
    const answer = await harness.app.inject({
      method: 'POST',
      url: '/api/contact/messages',
      remoteAddress: '198.51.100.23',
      payload: {
        type: 'contact',
        name: 'Grace\u0000 Hopper',
        email: 'grace@school.test',
        subject: 'Rubrics \udc00',
        message: 'A question about rubrics and feedback.\u0000',
      },
    });
    expect(answer.statusCode, answer.body).toBeLessThan(300);
    const rows = await queryRows<{ name: string; subject: string }>(
      harness.database.db,
      sql`select name, subject from contact_messages where email = 'grace@school.test'`,
    );
    expect(rows).toEqual([{ name: 'Grace Hopper', subject: 'Rubrics \ufffd' }]);
  });

  it('in a grade comment still leaves an audit record of the save and the credit', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const { assignments } = (
      await harness.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers })
    ).json();
    const target = assignments[0] as { course_id: number; id: number };
    const base = `/api/grading/courses/${target.course_id}/assignments/${target.id}`;
    const view = (
      await harness.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json() as AssignmentGradingView;
    const student = view.submissions.find(
      (s) => !s.id.startsWith('placeholder_') && s.submitted_at !== null && s.workflow_state !== 'graded',
    )!;
    const answer = await harness.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 7, comment: 'sneaky \ud800 comment \u0000 here' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const audit = await queryRows<{ action: string; comment: string | null }>(
      harness.database.db,
      sql`select action, new_values->>'comment' as comment from audit_logs where user_id = ${teacher.userId} and action in ('GRADE_SUBMISSION', 'USAGE_INCREMENTED') order by action`,
    );
    expect(audit.map((row) => row.action)).toEqual(['GRADE_SUBMISSION', 'USAGE_INCREMENTED']);
    const gradeRow = audit.find((row) => row.action === 'GRADE_SUBMISSION')!;
    expect(gradeRow.comment).toBe('sneaky \ufffd comment  here');
  });
});
