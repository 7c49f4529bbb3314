import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  parseQuestionScore,
  questionAnswerState,
  questionTypeLabel,
  QUIZ_ANSWER_MESSAGES,
  type QuizAnswersResponse,
  type QuizGradingView,
} from '@/shared/schemas/quiz-grading';
import { ERROR_CODE } from '@/shared/error-codes';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { queryRows, signUpAndIn } from '@/server/test/test-app';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

/** The demo's "Unit 1 Reading Quiz: The Tell-Tale Heart": 4 auto-graded questions and an essay, 12 essays waiting. */
const COURSE_ID = 4201;
const QUIZ_ID = 8101;
const QUIZ_ASSIGNMENT = 5008;
const PRACTICE_QUIZ = 8102;

const grading = useGradingHarness();

const base = (quizId = QUIZ_ID) => `/api/grading/courses/${COURSE_ID}/quizzes/${quizId}`;

async function loadView(teacher: Teacher, quizId = QUIZ_ID) {
  const response = await grading.app.inject({ method: 'GET', url: base(quizId), headers: teacher.headers });
  expect(response.statusCode).toBe(200);
  return response.json<QuizGradingView>();
}

async function answersOf(teacher: Teacher, submissionId: number, userId?: number, quizId = QUIZ_ID) {
  return grading.app.inject({
    method: 'GET',
    url: `${base(quizId)}/submissions/${submissionId}/answers${userId === undefined ? '' : `?userId=${userId}`}`,
    headers: teacher.headers,
  });
}

async function usedCredits(teacher: Teacher) {
  return (await grading.app.inject({ method: 'GET', url: '/api/usage', headers: teacher.headers })).json()
    .submissions_used as number;
}

describe('the quiz view', () => {
  it('gives the header figures and every attempt from a few requests, without reading answers', async () => {
    const teacher = await grading.teacher();
    grading.canvas.requestLog.length = 0;
    const view = await loadView(teacher);
    expect(grading.canvas.requestLog.map((entry) => `${entry.method} ${entry.path}`).sort()).toEqual(
      [
        `GET /api/v1/courses/${COURSE_ID}`,
        `GET /api/v1/courses/${COURSE_ID}/assignments/${QUIZ_ASSIGNMENT}`,
        `GET /api/v1/courses/${COURSE_ID}/assignments/${QUIZ_ASSIGNMENT}/submissions`,
        `GET /api/v1/courses/${COURSE_ID}/quizzes/${QUIZ_ID}`,
        `GET /api/v1/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/questions`,
        `GET /api/v1/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/submissions`,
      ].sort(),
    );
    expect(view.quiz).toMatchObject({
      title: 'Unit 1 Reading Quiz: The Tell-Tale Heart',
      quiz_type: 'assignment',
      points_possible: 16,
      time_limit: 30,
      is_assignment_based: true,
      assignment_id: QUIZ_ASSIGNMENT,
      // Its gradebook assignment's posting policy, for the hint beside Save (decision 052).
      post_manually: false,
    });
    const demo = grading.canvas.state.quizSubmissionsOf(QUIZ_ID);
    const pending = demo.filter((qs) => qs.workflowState === 'pending_review').length;
    expect(pending).toBeGreaterThan(0);
    expect(view.counts).toEqual({
      submissions: demo.length,
      manual_grading_questions: 1,
      needs_grading: pending,
      graded: demo.length - pending,
    });
    expect(
      view.questions.map((question) => [questionTypeLabel(question.question_type), question.needs_manual_grading]),
    ).toEqual([
      ['Multiple Choice', false],
      ['Multiple Choice', false],
      ['True/False', false],
      ['True/False', false],
      ['Essay', true],
    ]);
    const names = view.submissions.map((submission) => submission.user.sortable_name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(view.submissions.every((submission) => !submission.user.name.startsWith('Student '))).toBe(true);
  });

  it('counts a finished attempt without a graded gradebook entry as needing grading', async () => {
    const teacher = await grading.teacher();
    const graded = grading.canvas.state.quizSubmissionsOf(QUIZ_ID).find((qs) => qs.workflowState === 'complete')!;
    const linked = grading.canvas.state.submissions.get(graded.submissionId!)!;
    const before = linked.workflowState;
    try {
      linked.workflowState = 'submitted';
      const view = await loadView(teacher);
      expect(view.submissions.find((submission) => submission.id === graded.id)!.workflow_state).toBe('complete');
      const pending = grading.canvas.state
        .quizSubmissionsOf(QUIZ_ID)
        .filter((qs) => qs.workflowState === 'pending_review').length;
      expect(view.counts.needs_grading).toBe(pending + 1);
    } finally {
      linked.workflowState = before;
    }
  });

  it('names the question states: correct, incorrect, answered, no answer', () => {
    const answer = (correct: boolean | string, text: string | null, answerId: number | null = null) => ({
      correct,
      text,
      answer_id: answerId,
    });
    expect(questionAnswerState('multiple_choice_question', answer(true, '3021', 3021))).toBe('correct');
    expect(questionAnswerState('true_false_question', answer(false, '3022', 3022))).toBe('incorrect');
    expect(questionAnswerState('short_answer_question', answer('partial', 'almost'))).toBe('answered');
    expect(questionAnswerState('essay_question', answer('undefined', '<p>My essay</p>'))).toBe('answered');
    expect(questionAnswerState('essay_question', answer(true, '<p>My essay</p>'))).toBe('answered');
    expect(questionAnswerState('essay_question', answer('undefined', '<p>&nbsp;</p>'))).toBe('no_answer');
    expect(questionAnswerState('multiple_choice_question', undefined)).toBe('no_answer');
    expect(parseQuestionScore('abc', 10)).toBe(0);
    expect(parseQuestionScore('7.3', 10)).toBe(7.5);
    expect(parseQuestionScore('12', 10)).toBe(10);
  });
});

describe('a student’s answers', () => {
  it('are read on demand from the quiz assignment’s submission history', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const pending = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    grading.canvas.requestLog.length = 0;
    const response = await answersOf(teacher, pending.id, pending.user_id);
    expect(response.statusCode).toBe(200);
    const body = response.json<QuizAnswersResponse>();
    expect(body.debug_info).toEqual({
      answers_source: 'submission_history',
      is_assignment_based_quiz: true,
      assignment_id: QUIZ_ASSIGNMENT,
    });
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const essayAnswer = body.answers.find((answer) => answer.question_id === essay.id)!;
    expect(essayAnswer).toMatchObject({ correct: 'undefined', points: 0 });
    expect(essayAnswer.text).toContain('<p>');
    expect(body.answers).toHaveLength(view.questions.length);
    expect(grading.canvas.requestLog.map((entry) => entry.path)).toEqual([
      `/api/v1/courses/${COURSE_ID}/quizzes/${QUIZ_ID}`,
      `/api/v1/courses/${COURSE_ID}/assignments/${QUIZ_ASSIGNMENT}/submissions/${pending.user_id}`,
    ]);
  });

  it('cost one Canvas request when the screen names the quiz’s assignment, as the quiz view gave it', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    expect(view.quiz.assignment_id).toBe(QUIZ_ASSIGNMENT);
    const pending = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    grading.canvas.requestLog.length = 0;
    const response = await grading.app.inject({
      method: 'GET',
      url: `${base()}/submissions/${pending.id}/answers?userId=${pending.user_id}&assignmentId=${QUIZ_ASSIGNMENT}`,
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<QuizAnswersResponse>().answers).toHaveLength(view.questions.length);
    expect(grading.canvas.requestLog.map((entry) => entry.path)).toEqual([
      `/api/v1/courses/${COURSE_ID}/assignments/${QUIZ_ASSIGNMENT}/submissions/${pending.user_id}`,
    ]);
  });

  it('fail with the messages of spec §8', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const target = view.submissions[0]!;
    const messageOf = async (response: Awaited<ReturnType<typeof answersOf>>) =>
      response.json().error.message as string;

    grading.canvas.faults.failNext(1, 404);
    expect(await messageOf(await answersOf(teacher, target.id, target.user_id))).toBe(QUIZ_ANSWER_MESSAGES.notFound);
    grading.canvas.faults.failNext(1, 403, {
      status: 'unauthorized',
      errors: [{ message: 'user not authorized to perform that action' }],
    });
    expect(await messageOf(await answersOf(teacher, target.id, target.user_id))).toBe(QUIZ_ANSWER_MESSAGES.forbidden);

    const missingUser = await answersOf(teacher, target.id);
    expect(missingUser.statusCode).toBe(400);
    expect(await messageOf(missingUser)).toBe(QUIZ_ANSWER_MESSAGES.newQuizzes);

    const unconnected = await signUpAndIn(grading.app);
    expect(await messageOf(await answersOf(unconnected, target.id, target.user_id))).toBe(
      QUIZ_ANSWER_MESSAGES.credentials,
    );

    const practice = await loadView(teacher, PRACTICE_QUIZ);
    expect(practice.quiz.is_assignment_based).toBe(false);
    const practiceAnswers = await answersOf(
      teacher,
      practice.submissions[0]!.id,
      practice.submissions[0]!.user_id,
      PRACTICE_QUIZ,
    );
    expect(await messageOf(practiceAnswers)).toBe(QUIZ_ANSWER_MESSAGES.noAssignment);

    const quizSubmission = grading.canvas.state.quizSubmissions.get(target.id)!;
    const result = quizSubmission.results[0]!;
    const questionId = result.questionId;
    try {
      (result as { questionId: unknown }).questionId = 'not-an-id';
      expect(await messageOf(await answersOf(teacher, target.id, target.user_id))).toBe(
        QUIZ_ANSWER_MESSAGES.invalidFormat,
      );
    } finally {
      result.questionId = questionId;
    }
  });
});

describe('grading a question', () => {
  it('saves the score to the quiz submission with one credit, and Canvas recomputes the quiz score', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const target = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    const before = grading.canvas.state.quizSubmissions.get(target.id)!;
    const scoreBefore = before.score ?? 0;

    grading.canvas.requestLog.length = 0;
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base()}/submissions/${target.id}/scores`,
      headers: teacher.headers,
      payload: { questions: [{ questionId: essay.id, score: 7.5, comment: 'Good use of the text.' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      submission: { id: target.id, workflow_state: 'graded', score: scoreBefore + 7.5 },
      usage: { submissions_used: 1 },
    });
    const put = grading.canvas.requestLog.find((entry) => entry.method === 'PUT')!;
    expect(put.path).toBe(`/api/v1/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/submissions/${target.id}`);

    const inCanvas = grading.canvas.state.quizSubmissions.get(target.id)!;
    expect(inCanvas).toMatchObject({ score: scoreBefore + 7.5, workflowState: 'complete' });
    expect(inCanvas.results.find((result) => result.questionId === essay.id)).toMatchObject({
      points: 7.5,
      correct: 'defined',
      moreComments: 'Good use of the text.',
    });
    expect(grading.canvas.state.submissions.get(inCanvas.submissionId!)).toMatchObject({
      score: scoreBefore + 7.5,
      workflowState: 'graded',
    });
    expect(await usedCredits(teacher)).toBe(1);

    const answers = (await answersOf(teacher, target.id, target.user_id)).json<QuizAnswersResponse>();
    expect(answers.answers.find((answer) => answer.question_id === essay.id)).toMatchObject({
      points: 7.5,
      teacher_comment: 'Good use of the text.',
    });
    const reloaded = await loadView(teacher);
    expect(reloaded.counts.graded).toBe(view.counts.graded + 1);
    expect(reloaded.counts.needs_grading).toBe(view.counts.needs_grading - 1);
  });

  it('refuses a score above the question’s points, or a question not in the quiz, without a credit', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const target = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    for (const questions of [[{ questionId: essay.id, score: 10.5 }], [{ questionId: 1, score: 1 }], []]) {
      const response = await grading.app.inject({
        method: 'PUT',
        url: `${base()}/submissions/${target.id}/scores`,
        headers: teacher.headers,
        payload: { questions },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await usedCredits(teacher)).toBe(0);
  });

  it('refuses an attempt still in progress, without a credit or a write to Canvas', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const target = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    const quizSubmission = grading.canvas.state.quizSubmissions.get(target.id)!;
    const before = { workflowState: quizSubmission.workflowState, finishedAt: quizSubmission.finishedAt };
    try {
      Object.assign(quizSubmission, { workflowState: 'untaken', finishedAt: null });
      grading.canvas.requestLog.length = 0;
      const response = await grading.app.inject({
        method: 'PUT',
        url: `${base()}/submissions/${target.id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: essay.id, score: 5 }] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        'This student is still taking the quiz. It can be graded once they submit it.',
      );
      expect(grading.canvas.requestLog.some((entry) => entry.method === 'PUT')).toBe(false);
      expect(await usedCredits(teacher)).toBe(0);
    } finally {
      Object.assign(quizSubmission, before);
    }
  });

  it('drops the drafts of the questions it scores, and only those', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const target = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    const drafted = await grading.app.inject({
      method: 'POST',
      url: `${base()}/submissions/${target.id}/questions/${essay.id}/draft`,
      headers: teacher.headers,
      payload: {},
    });
    expect(drafted.statusCode).toBe(200);
    const storedDrafts = async () =>
      Object.keys(
        (
          await grading.app.inject({
            method: 'GET',
            url: `${base()}/submissions/${target.id}/drafts`,
            headers: teacher.headers,
          })
        ).json().drafts,
      );
    expect(await storedDrafts()).toEqual([String(essay.id)]);

    const other = view.questions.find((question) => question.id !== essay.id)!;
    const scoredOther = await grading.app.inject({
      method: 'PUT',
      url: `${base()}/submissions/${target.id}/scores`,
      headers: teacher.headers,
      payload: { questions: [{ questionId: other.id, score: 0 }] },
    });
    expect(scoredOther.statusCode, scoredOther.body).toBe(200);
    expect(await storedDrafts()).toEqual([String(essay.id)]);

    const scoredEssay = await grading.app.inject({
      method: 'PUT',
      url: `${base()}/submissions/${target.id}/scores`,
      headers: teacher.headers,
      payload: {
        questions: [
          { questionId: essay.id, score: drafted.json().draft.grade, comment: drafted.json().draft.feedback },
        ],
      },
    });
    expect(scoredEssay.statusCode, scoredEssay.body).toBe(200);
    // The same quiz submission was paid for with its first question this period (decision 051).
    expect(scoredEssay.json().usage.submissions_used).toBe(1);
    expect(scoredEssay.json().isPaidEarlier).toBe(true);
    expect(await storedDrafts()).toEqual([]);
  });

  it('reads back what Canvas stored for each question, and gives the credit back when a score did not land', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const [first, second] = view.submissions.filter((submission) => submission.workflow_state === 'pending_review');

    // A save reads the student's answers back after the PUT.
    grading.canvas.requestLog.length = 0;
    const saved = await grading.app.inject({
      method: 'PUT',
      url: `${base()}/submissions/${first!.id}/scores`,
      headers: teacher.headers,
      payload: { questions: [{ questionId: essay.id, score: 6 }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const requests = grading.canvas.requestLog.map((entry) => `${entry.method} ${entry.path}`);
    expect(
      requests.slice(requests.indexOf(`PUT /api/v1/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/submissions/${first!.id}`)),
    ).toEqual([
      `PUT /api/v1/courses/${COURSE_ID}/quizzes/${QUIZ_ID}/submissions/${first!.id}`,
      `GET /api/v1/courses/${COURSE_ID}/assignments/${QUIZ_ASSIGNMENT}/submissions/${first!.user_id}`,
    ]);

    // The question was added to the quiz after this student took it: Canvas answers 200 and stores nothing.
    const quizSubmission = grading.canvas.state.quizSubmissions.get(second!.id)!;
    const results = quizSubmission.results;
    try {
      quizSubmission.results = results.filter((result) => result.questionId !== essay.id);
      const response = await grading.app.inject({
        method: 'PUT',
        url: `${base()}/submissions/${second!.id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: essay.id, score: 7.5, comment: 'Good use of the text.' }] },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toMatchObject({
        code: 'CANVAS_NOT_STORED',
        message: `Canvas did not store the score: you sent 7.5 for ${essay.name} and Canvas holds no score for it. No credit was used.`,
      });
    } finally {
      quizSubmission.results = results;
    }
    expect(await usedCredits(teacher)).toBe(1);
    const audit = await queryRows<{ action: string }>(
      grading.database.db,
      sql`select action from audit_logs where user_id = ${teacher.userId} and action like 'GRADE_QUIZ%' order by created_at`,
    );
    expect(audit.map((row) => row.action)).toEqual(['GRADE_QUIZ_QUESTION', 'GRADE_QUIZ_QUESTION_NOT_STORED']);
  });

  it('reads back the comment like the score, and says so when Canvas did not keep it, with the credit given back', async () => {
    // A proxy in front of the demo Canvas that drops the questions' comments, as a Canvas that ignores them would.
    const proxy = await startProxy(grading.canvas.baseUrl, (method, url, body) => {
      if (method !== 'PUT' || !/\/quizzes\/\d+\/submissions\/\d+/.test(url)) return body;
      const update = JSON.parse(body.toString()) as {
        quiz_submissions: Array<{ questions: Record<string, { comment?: string }> }>;
      };
      for (const question of Object.values(update.quiz_submissions[0]!.questions)) delete question.comment;
      return Buffer.from(JSON.stringify(update));
    });
    try {
      const teacher = await connectedTeacher(grading.app, { ...grading.canvas, baseUrl: proxy.baseUrl });
      const view = await loadView(teacher);
      const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
      const target = view.submissions.filter((submission) => submission.workflow_state === 'pending_review').at(-1)!;
      const response = await grading.app.inject({
        method: 'PUT',
        url: `${base()}/submissions/${target.id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: essay.id, score: 6, comment: 'Quote the narrator here.' }] },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error).toMatchObject({
        code: 'CANVAS_NOT_STORED',
        message: `Canvas stored the score but not your comment on ${essay.name}. No credit was used; check the comment in Canvas and save again.`,
      });
      expect(await usedCredits(teacher)).toBe(0);
    } finally {
      await proxy.close();
    }
  });

  it('undoes the last save of a question: its score and comment as they were, read back, once, at no cost', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const target = view.submissions.filter((submission) => submission.workflow_state === 'pending_review').at(-2)!;
    const save = (score: number, comment: string) =>
      grading.app.inject({
        method: 'PUT',
        url: `${base()}/submissions/${target.id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: essay.id, score, comment }] },
      });
    const undo = () =>
      grading.app.inject({
        method: 'POST',
        url: `${base()}/submissions/${target.id}/questions/${essay.id}/undo`,
        headers: teacher.headers,
      });
    const essayInCanvas = () =>
      grading.canvas.state.quizSubmissions.get(target.id)!.results.find((result) => result.questionId === essay.id)!;

    expect((await save(5, 'A first reading.')).json()).toMatchObject({ canUndo: true });
    // The last save was of the essay: another question's Undo would put back the essay, so it is refused.
    const otherQuestion = view.questions.find((question) => question.id !== essay.id)!;
    const elsewhere = await grading.app.inject({
      method: 'POST',
      url: `${base()}/submissions/${target.id}/questions/${otherQuestion.id}/undo`,
      headers: teacher.headers,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect((await save(8, 'A second reading.')).statusCode).toBe(200);
    const undone = await undo();
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({
      stored: '5',
      answer: { question_id: essay.id, points: 5, teacher_comment: 'A first reading.' },
    });
    expect(essayInCanvas()).toMatchObject({ points: 5, correct: 'defined', moreComments: 'A first reading.' });
    expect(await usedCredits(teacher)).toBe(1);
    expect((await undo()).json().error.message).toBe('There is no save of yours to undo for this student.');

    // Undo of a first save: the essay waits for a person again, with no comment.
    const other = view.submissions.filter((submission) => submission.workflow_state === 'pending_review').at(-3)!;
    await grading.app.inject({
      method: 'PUT',
      url: `${base()}/submissions/${other.id}/scores`,
      headers: teacher.headers,
      payload: { questions: [{ questionId: essay.id, score: 7, comment: 'Taken back.' }] },
    });
    const first = await grading.app.inject({
      method: 'POST',
      url: `${base()}/submissions/${other.id}/questions/${essay.id}/undo`,
      headers: teacher.headers,
    });
    expect(first.json()).toMatchObject({ stored: 'no score yet', submission: { workflow_state: 'pending_review' } });
    const otherInCanvas = grading.canvas.state.quizSubmissions.get(other.id)!;
    expect(otherInCanvas.workflowState).toBe('pending_review');
    expect(otherInCanvas.results.find((result) => result.questionId === essay.id)).toMatchObject({
      correct: 'undefined',
      moreComments: null,
    });
  });

  it('says so when Canvas did not put a question back on Undo', async () => {
    // A proxy that lets the save through and drops the comment from the next score update, Undo's.
    let updates = 0;
    const proxy = await startProxy(grading.canvas.baseUrl, (method, url, body) => {
      if (method !== 'PUT' || !/\/quizzes\/\d+\/submissions\/\d+/.test(url)) return body;
      updates += 1;
      if (updates === 1) return body;
      const update = JSON.parse(body.toString()) as {
        quiz_submissions: Array<{ questions: Record<string, { comment?: string }> }>;
      };
      for (const question of Object.values(update.quiz_submissions[0]!.questions)) delete question.comment;
      return Buffer.from(JSON.stringify(update));
    });
    try {
      const teacher = await connectedTeacher(grading.app, { ...grading.canvas, baseUrl: proxy.baseUrl });
      const view = await loadView(teacher);
      const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
      const target = view.submissions.filter((submission) => submission.workflow_state === 'pending_review').at(-4)!;
      const saved = await grading.app.inject({
        method: 'PUT',
        url: `${base()}/submissions/${target.id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: essay.id, score: 4, comment: 'Stays in Canvas.' }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const undone = await grading.app.inject({
        method: 'POST',
        url: `${base()}/submissions/${target.id}/questions/${essay.id}/undo`,
        headers: teacher.headers,
      });
      expect(undone.statusCode).toBe(502);
      expect(undone.json().error).toMatchObject({
        code: 'CANVAS_NOT_STORED',
        message:
          'Canvas did not put everything back: check the question in Canvas, where its score or comment may still be the ones you saved.',
      });
    } finally {
      await proxy.close();
    }
  });

  it('gives the credit back when Canvas refuses the scores', async () => {
    // A proxy in front of the demo Canvas that refuses every score update, as a Canvas role without grading rights does.
    const proxy = await startRefusingProxy(grading.canvas.baseUrl);
    try {
      const teacher = await connectedTeacher(grading.app, { ...grading.canvas, baseUrl: proxy.baseUrl });
      const view = await loadView(teacher);
      const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
      const target = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
      const response = await grading.app.inject({
        method: 'PUT',
        url: `${base()}/submissions/${target.id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: essay.id, score: 5, comment: '' }] },
      });
      expect(response.json().error.code).toBe('CANVAS_PERMISSION');
      expect(response.json().error.message).toMatch(/^Failed to save the grade\. Please try again\./);
      expect(await usedCredits(teacher)).toBe(0);
      expect(grading.canvas.state.quizSubmissions.get(target.id)!.workflowState).toBe('pending_review');
    } finally {
      await proxy.close();
    }
  });

  it('drafts a score and comment for an essay answer and keeps it by question', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const essay = view.questions.find((question) => question.question_type === 'essay_question')!;
    const multipleChoice = view.questions.find((question) => question.question_type === 'multiple_choice_question')!;
    const target = view.submissions.find((submission) => submission.workflow_state === 'pending_review')!;
    const response = await grading.app.inject({
      method: 'POST',
      url: `${base()}/submissions/${target.id}/questions/${essay.id}/draft`,
      headers: teacher.headers,
      payload: { options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(response.statusCode).toBe(200);
    const { draft } = response.json();
    expect(draft.grade).toBeGreaterThanOrEqual(0);
    expect(draft.grade).toBeLessThanOrEqual(essay.points_possible);
    expect(draft.feedback.length).toBeGreaterThan(0);
    const stored = (
      await grading.app.inject({
        method: 'GET',
        url: `${base()}/submissions/${target.id}/drafts`,
        headers: teacher.headers,
      })
    ).json();
    expect(Object.keys(stored.drafts)).toEqual([String(essay.id)]);

    const refused = await grading.app.inject({
      method: 'POST',
      url: `${base()}/submissions/${target.id}/questions/${multipleChoice.id}/draft`,
      headers: teacher.headers,
      payload: {},
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('practice quizzes and ungraded surveys', () => {
  it('are refused for drafting and saving with their own code, without a credit or a write to Canvas', async () => {
    const teacher = await grading.teacher();
    const survey = [...grading.canvas.state.quizzes.values()].find(
      (quiz) => quiz.courseId === COURSE_ID && quiz.quizType === 'survey',
    )!;
    expect(survey).toBeDefined();
    for (const [quizId, kind] of [
      [PRACTICE_QUIZ, 'a practice quiz'],
      [survey.id, 'an ungraded survey'],
    ] as const) {
      const view = await loadView(teacher, quizId);
      expect(view.submissions.length).toBeGreaterThan(0);
      const target = view.submissions[0]!;
      const question = view.questions[0]!;
      grading.canvas.requestLog.length = 0;
      const saved = await grading.app.inject({
        method: 'PUT',
        url: `${base(quizId)}/submissions/${target.id}/scores`,
        headers: teacher.headers,
        payload: { questions: [{ questionId: question.id, score: 0, comment: 'Nice.' }] },
      });
      expect(saved.statusCode, saved.body).toBe(409);
      expect(saved.json().error.code).toBe(ERROR_CODE.QUIZ_NOT_GRADED);
      expect(saved.json().error.message).toBe(
        `This quiz is ${kind}: it has no grade in Canvas, so Margin does not grade it and no credit is used. Open it in Canvas to see the answers.`,
      );
      const drafted = await grading.app.inject({
        method: 'POST',
        url: `${base(quizId)}/submissions/${target.id}/questions/${question.id}/draft`,
        headers: teacher.headers,
        payload: {},
      });
      expect(drafted.statusCode, drafted.body).toBe(409);
      expect(drafted.json().error.code).toBe(ERROR_CODE.QUIZ_NOT_GRADED);
      expect(grading.canvas.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
      const stored = await grading.app.inject({
        method: 'GET',
        url: `${base(quizId)}/submissions/${target.id}/drafts`,
        headers: teacher.headers,
      });
      expect(stored.json().drafts).toEqual({});
    }
    expect(await usedCredits(teacher)).toBe(0);
  });
});

/** Forwards everything to Canvas except quiz score updates, which it refuses with Canvas's 403. */
async function startRefusingProxy(target: string): Promise<{ baseUrl: string; close(): Promise<void> }> {
  return startProxy(
    target,
    (_method, _url, body) => body,
    (method, url) => {
      if (method !== 'PUT' || !/\/quizzes\/\d+\/submissions\/\d+/.test(url)) return null;
      return {
        status: 403,
        body: { status: 'forbidden', message: 'you are not allowed to update scores for this quiz submission' },
      };
    },
  );
}

/** A proxy in front of the demo Canvas that can rewrite a request's body, or answer in Canvas's place. */
async function startProxy(
  target: string,
  rewrite: (method: string, url: string, body: Buffer) => Buffer,
  answerInstead: (method: string, url: string) => { status: number; body: unknown } | null = () => null,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const url = request.url ?? '';
    const instead = answerInstead(method, url);
    if (instead) {
      response.writeHead(instead.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(instead.body));
      return;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
    const answer = await fetch(`${target}${url}`, {
      method,
      headers,
      body: chunks.length > 0 ? new Uint8Array(rewrite(method, url, Buffer.concat(chunks))) : undefined,
    });
    const forwarded: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name))
        forwarded[name] = value;
    });
    response.writeHead(answer.status, forwarded);
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
