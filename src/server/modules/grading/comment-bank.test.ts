import { describe, expect, it } from 'vitest';
import type { CommentBankList } from '@/shared/schemas/comment-bank';
import type { AssignmentGradingView } from '@/shared/schemas/grading';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

const grading = useGradingHarness();
const ESSAY = '/api/grading/courses/4201/assignments/5002';
const BANK = '/api/grading/comment-bank?courseId=4201&assignmentId=5002';

const bankOf = async (teacher: Teacher, url = BANK) =>
  (await grading.app.inject({ method: 'GET', url, headers: teacher.headers })).json<CommentBankList>();

describe('the comment bank', () => {
  it('keeps each saved comment as her words only, offers it on the same assignment, and lets her pin, edit and delete', async () => {
    const teacher = await grading.teacher();
    const view = (
      await grading.app.inject({ method: 'GET', url: ESSAY, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    const [first, second] = view.submissions.filter((s) => s.workflow_state === 'submitted' && s.body);
    const firstName = first!.user.name.split(' ')[0]!;
    const quote = first!
      .body!.replace(/<[^>]+>/g, ' ')
      .split(/\s+/)
      .filter(Boolean)
      .slice(10, 16)
      .join(' ');
    const save = (student: typeof first, comment: string) =>
      grading.app.inject({
        method: 'PUT',
        url: `${ESSAY}/grades/${student!.user_id}`,
        headers: teacher.headers,
        payload: { submissionId: student!.id, grade: 82, comment },
      });
    expect((await save(first, `${firstName}, “${quote}” shows your claim. Add a counterargument.`)).statusCode).toBe(
      200,
    );
    expect((await save(second, 'Add a counterargument.')).statusCode).toBe(200);
    expect((await save(second, 'Add a counterargument.')).statusCode).toBe(200);

    const { comments } = await bankOf(teacher);
    expect(comments.map((comment) => [comment.text, comment.uses])).toEqual([
      ['Add a counterargument.', 2],
      ['[name], [quote] shows your claim. Add a counterargument.', 1],
    ]);
    const stored = JSON.stringify(comments);
    expect(stored).not.toContain(firstName);
    expect(stored).not.toContain(quote);
    // Another assignment's bank, and another teacher's, are their own.
    expect((await bankOf(teacher, '/api/grading/comment-bank?courseId=4201&assignmentId=5001')).comments).toEqual([]);
    const other = await grading.teacher();
    expect((await bankOf(other)).comments).toEqual([]);

    const named = comments[1]!;
    const patch = (who: Teacher, id: string, payload: object) =>
      grading.app.inject({ method: 'PATCH', url: `/api/grading/comment-bank/${id}`, headers: who.headers, payload });
    expect((await patch(teacher, named.id, { pinned: true })).json()).toMatchObject({ pinned: true });
    expect((await bankOf(teacher)).comments[0]!.id).toBe(named.id);
    expect(
      (await patch(teacher, named.id, { text: '  [name], name the source of this evidence.  ' })).json(),
    ).toMatchObject({
      text: '[name], name the source of this evidence.',
    });
    expect((await patch(other, named.id, { pinned: false })).statusCode).toBe(404);
    for (const payload of [{}, { text: '' }, { pinned: 'yes' }, { text: 'x'.repeat(2001) }])
      expect((await patch(teacher, named.id, payload)).statusCode).toBe(400);
    expect((await patch(teacher, 'not-an-id', { pinned: true })).statusCode).toBe(400);

    const remove = (who: Teacher) =>
      grading.app.inject({ method: 'DELETE', url: `/api/grading/comment-bank/${named.id}`, headers: who.headers });
    expect((await remove(other)).statusCode).toBe(404);
    expect((await remove(teacher)).statusCode).toBe(204);
    expect((await bankOf(teacher)).comments.map((comment) => comment.text)).toEqual(['Add a counterargument.']);
    expect(
      (
        await grading.app.inject({
          method: 'GET',
          url: '/api/grading/comment-bank?courseId=x&assignmentId=1',
          headers: teacher.headers,
        })
      ).statusCode,
    ).toBe(400);
  });
});
