import { describe, expect, it } from 'vitest';
import { AI_LINE } from '@/shared/ai-line';
import type { AssignmentGradingView } from '@/shared/schemas/grading';
import type { DiscussionGradingView } from '@/shared/schemas/discussion-grading';
import type { QuizGradingView } from '@/shared/schemas/quiz-grading';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

const grading = useGradingHarness();
const COURSE_ID = 4201;
const ESSAY = `/api/grading/courses/${COURSE_ID}/assignments/5002`;
const DISCUSSION = `/api/grading/courses/${COURSE_ID}/discussions/6101`;
const QUIZ = `/api/grading/courses/${COURSE_ID}/quizzes/8101`;

const get = async <T>(teacher: Teacher, url: string) =>
  (await grading.app.inject({ method: 'GET', url, headers: teacher.headers })).json<T>();
const setPreferences = (teacher: Teacher, payload: object) =>
  grading.app.inject({ method: 'PATCH', url: '/api/grading/preferences', headers: teacher.headers, payload });

describe('the grading preferences', () => {
  it('start with no AI line and drift notes on, are remembered, and refuse what is not a choice', async () => {
    const teacher = await grading.teacher();
    expect(await get(teacher, '/api/grading/preferences')).toEqual({
      aiLine: false,
      driftNotes: true,
      institutionAiLine: false,
    });
    expect((await setPreferences(teacher, { aiLine: true })).json()).toEqual({
      aiLine: true,
      driftNotes: true,
      institutionAiLine: false,
    });
    expect((await setPreferences(teacher, { driftNotes: false })).json()).toEqual({
      aiLine: true,
      driftNotes: false,
      institutionAiLine: false,
    });
    expect(await get(teacher, '/api/grading/preferences')).toEqual({
      aiLine: true,
      driftNotes: false,
      institutionAiLine: false,
    });
    for (const payload of [{}, { aiLine: 'yes' }, { aiLine: true, colour: 'red' }]) {
      const refused = await setPreferences(teacher, payload);
      expect(refused.statusCode).toBe(400);
    }
    // Another teacher's choices are her own.
    expect(await get(await grading.teacher(), '/api/grading/preferences')).toEqual({
      aiLine: false,
      driftNotes: true,
      institutionAiLine: false,
    });
  });
});

describe('the AI line on saved comments', () => {
  it('is not added until the teacher turns it on, then ends the comment once, also on a re-save', async () => {
    const teacher = await grading.teacher();
    const view = await get<AssignmentGradingView>(teacher, ESSAY);
    const [first, second] = view.submissions.filter(
      (submission) => submission.workflow_state === 'submitted' && submission.body,
    );
    const save = (studentId: number, submissionId: string, comment: string) =>
      grading.app.inject({
        method: 'PUT',
        url: `${ESSAY}/grades/${studentId}`,
        headers: teacher.headers,
        payload: { submissionId, grade: 80, comment },
      });
    const off = await save(first!.user_id, first!.id, 'Clear claim, Zoë; the counterargument needs evidence.');
    expect(off.statusCode).toBe(200);
    expect(off.json().submission.submission_comments.at(-1).comment).toBe(
      'Clear claim, Zoë; the counterargument needs evidence.',
    );

    await setPreferences(teacher, { aiLine: true });
    const on = await save(second!.user_id, second!.id, 'Strong evidence from the Seattle study.');
    expect(on.statusCode).toBe(200);
    const withLine = `Strong evidence from the Seattle study.\n\n${AI_LINE}`;
    const comments = () =>
      grading.canvas.state.submissions.get(Number(second!.id))!.comments.map((comment) => comment.comment);
    expect(comments().at(-1)).toBe(withLine);
    const count = comments().length;
    // Read back with the line: the comment is found and a re-save edits it instead of posting a second.
    const again = await save(second!.user_id, second!.id, `Strong evidence from the Seattle study.\n\n${AI_LINE}`);
    expect(again.statusCode).toBe(200);
    expect(comments()).toHaveLength(count);
    expect(comments().at(-1)).toBe(withLine);
  });

  it('ends discussion and quiz comments too, and leaves an empty comment empty', async () => {
    const teacher = await grading.teacher();
    await setPreferences(teacher, { aiLine: true });
    const discussion = await get<DiscussionGradingView>(teacher, DISCUSSION);
    const student = discussion.students.find(
      (candidate) => candidate.grade.score === null && candidate.post_count > 0,
    )!;
    const saved = await grading.app.inject({
      method: 'PUT',
      url: `${DISCUSSION}/grades/${student.user.id}`,
      headers: teacher.headers,
      payload: { grade: 8.5, comment: 'Thoughtful replies to classmates.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().grade.submission_comments.at(-1).comment).toBe(
      `Thoughtful replies to classmates.\n\n${AI_LINE}`,
    );

    const quiz = await get<QuizGradingView>(teacher, QUIZ);
    const essay = quiz.questions.find((question) => question.question_type === 'essay_question')!;
    const [withComment, withoutComment] = quiz.submissions.filter(
      (submission) => submission.workflow_state === 'pending_review',
    );
    const scoreQuiz = (id: number, comment: string) =>
      grading.app.inject({
        method: 'PUT',
        url: `${QUIZ}/submissions/${id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: essay.id, score: 7.5, comment }] },
      });
    expect((await scoreQuiz(withComment!.id, 'Good use of the text.')).statusCode).toBe(200);
    const result = (id: number) =>
      grading.canvas.state.quizSubmissions.get(id)!.results.find((entry) => entry.questionId === essay.id)!;
    expect(result(withComment!.id).moreComments).toBe(`Good use of the text.\n\n${AI_LINE}`);
    expect((await scoreQuiz(withoutComment!.id, '')).statusCode).toBe(200);
    expect(result(withoutComment!.id).moreComments ?? '').toBe('');
  });
});
