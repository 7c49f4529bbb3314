import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_TOPIC_REFUSAL } from '@/shared/anonymous-students';
import type { AssignmentGradingView, DraftResponse, SaveGradeResponse } from '@/shared/schemas/grading';
import type { DiscussionGradingView } from '@/shared/schemas/discussion-grading';
import type { QuizGradingView } from '@/shared/schemas/quiz-grading';
import type { CourseAnalytics, CourseStudents, StudentRecord } from '@/shared/schemas/insights';
import { createAiModel } from '@/server/adapters/ai';
import { ANONYMOUS_ASSIGNMENT_NAME, ANONYMOUS_DISCUSSION_TITLE } from '@/server/demo-canvas/seed/default-seed';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { useGradingHarness } from '@/server/test/grading-harness';
import { createTestApp, type TestApp } from '@/server/test/test-app';
import { gradeByLength } from '@/server/test/steady-grades';

const grading = useGradingHarness();
const COURSE_ID = 4203;

function anonymousAssignmentId(): number {
  return [...grading.canvas.state.assignments.values()].find((a) => a.name === ANONYMOUS_ASSIGNMENT_NAME)!.id;
}

/** Every way Canvas knows the course's students by: names, sortable and short names, e-mails, user ids. */
function studentsOf(courseId: number) {
  const { state } = grading.canvas;
  return state.studentIdsIn(courseId).map((id) => state.users.get(id)!);
}

function expectNoStudentNamed(body: string, courseId = COURSE_ID): void {
  for (const student of studentsOf(courseId)) {
    const firstName = student.sortableName.split(', ')[1]!;
    for (const said of [student.name, student.sortableName, student.shortName, student.email]) {
      expect(body.toLowerCase(), `${said} appears`).not.toContain(said.toLowerCase());
    }
    // A first name alone, as a reply in a discussion greets a classmate, is a name too.
    expect(body, `${firstName} appears`).not.toMatch(new RegExp(`\\b${firstName}\\b`));
    expect(body).not.toMatch(new RegExp(`"(user_id|id|userId)":${student.id}\\b`));
  }
}

/** The anonymous essay's handed-in work waits for a grade again (the tests before grade all of it). */
function ungradeAnonymousWork(): void {
  const assignmentId = anonymousAssignmentId();
  for (const submission of grading.canvas.state.submissions.values()) {
    if (submission.assignmentId !== assignmentId || submission.submittedAt === null) continue;
    Object.assign(submission, { workflowState: 'submitted', score: null, grade: null, gradedAt: null, graderId: null });
  }
}

describe('an assignment graded anonymously', () => {
  it('shows Student 1 to N by anonymous id, drafts and saves through the anonymous endpoints, and never names a student', async () => {
    const teacher = await grading.teacher();
    const assignmentId = anonymousAssignmentId();
    const base = `/api/grading/courses/${COURSE_ID}/assignments/${assignmentId}`;

    const viewReply = await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers });
    expect(viewReply.statusCode, viewReply.body).toBe(200);
    expectNoStudentNamed(viewReply.body);
    const view = viewReply.json<AssignmentGradingView>();
    expect(view.assignment.anonymous_grading).toBe(true);
    expect(view.submissions.map((submission) => submission.user.name)).toEqual(
      view.submissions.map((_, index) => `Student ${index + 1}`),
    );
    const anonymousIds = view.submissions.map((submission) => submission.anonymous_id!);
    expect(anonymousIds).toEqual([...anonymousIds].sort());
    for (const submission of view.submissions) {
      expect(submission.user_id).toBeLessThan(0);
      expect(submission.user).toMatchObject({ email: null, avatar_url: null, sortable_name: submission.user.name });
    }

    const student = view.submissions.find((submission) => submission.workflow_state === 'submitted')!;
    const draftReply = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: student.user_id, options: { mode: 'summative', useRubric: false, customInstructions: null } },
    });
    expect(draftReply.statusCode, draftReply.body).toBe(200);
    expectNoStudentNamed(draftReply.body);
    const draft = draftReply.json<DraftResponse>().draft;
    // The greeting by first name has no name to put back: it is left out, never shown as a placeholder.
    expect(draft.feedback).not.toMatch(/\[STUDENT_/);

    const saveReply = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 16, comment: draft.feedback },
    });
    expect(saveReply.statusCode, saveReply.body).toBe(200);
    expectNoStudentNamed(saveReply.body);
    const saved = saveReply.json<SaveGradeResponse>();
    expect(saved.stored).toBe('16 / 20');
    expect(saved.submission).toMatchObject({ user_id: student.user_id, anonymous_id: student.anonymous_id });
    expect(saved.submission.user.name).toBe(student.user.name);
    expect(saved.canUndo).toBe(false);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 1 });

    // In Canvas, read by the anonymous id as a grader would.
    const inCanvas = await fetch(
      `${grading.canvas.baseUrl}/api/v1/courses/${COURSE_ID}/assignments/${assignmentId}/anonymous_submissions/${student.anonymous_id}?include[]=submission_comments`,
      { headers: { authorization: `Bearer ${grading.canvas.token}` } },
    ).then((reply) => reply.json() as Promise<{ score: number; submission_comments: Array<{ comment: string }> }>);
    expect(inCanvas.score).toBe(16);
    expect(inCanvas.submission_comments.at(-1)?.comment).toBe(draft.feedback);

    // The list read again still names nobody, and the saved student keeps her number.
    const again = await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers });
    expectNoStudentNamed(again.body);
    const after = again.json<AssignmentGradingView>().submissions.find((s) => s.user_id === student.user_id)!;
    expect(after).toMatchObject({ score: 16, user: { name: student.user.name } });
  });

  it('has a drift note that speaks of earlier students as Student N', async () => {
    const teacher = await grading.teacher();
    const assignmentId = anonymousAssignmentId();
    const base = `/api/grading/courses/${COURSE_ID}/assignments/${assignmentId}`;
    const typed = [...grading.canvas.state.submissions.values()]
      .filter((s) => s.assignmentId === assignmentId && s.body && s.workflowState !== 'unsubmitted')
      .sort((a, b) => a.id - b.id);
    // Every essay but the last graded on how long it is, as a steady grader would.
    const [target, ...earlier] = [typed.at(-1)!, ...typed.slice(0, -1)];
    gradeByLength(earlier, 8, 18);
    const view = (
      await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    const student = view.submissions.find((s) => s.id === String(target.id))!;
    const save = async (grade: number) => {
      const reply = await grading.app.inject({
        method: 'PUT',
        url: `${base}/grades/${student.user_id}`,
        headers: teacher.headers,
        payload: { submissionId: student.id, grade, comment: 'Thank you.' },
      });
      expect(reply.statusCode, reply.body).toBe(200);
      expectNoStudentNamed(reply.body);
      return reply.json<SaveGradeResponse>();
    };
    const drift = (await save(20)).drift ?? (await save(0)).drift;
    expect(drift).toBeDefined();
    const labels = new Map(view.submissions.map((s) => [s.user_id, s.user.name]));
    for (const alike of drift!.alike) {
      expect(alike.user_id).toBeLessThan(0);
      expect(alike.name).toBe(labels.get(alike.user_id));
      expect(alike.name).toMatch(/^Student \d+$/);
    }
  });

  it('keeps a saved comment in the comment bank without the name of any student of the course', async () => {
    const teacher = await grading.teacher();
    const assignmentId = anonymousAssignmentId();
    const base = `/api/grading/courses/${COURSE_ID}/assignments/${assignmentId}`;
    const view = (
      await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    // Any handed-in work: the tests above graded the rest of the class.
    const student = view.submissions.find((s) => s.workflow_state !== 'unsubmitted' && s.body)!;
    const named = studentsOf(COURSE_ID)[3]!;
    const saved = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${student.user_id}`,
      headers: teacher.headers,
      payload: { submissionId: student.id, grade: 14, comment: `${named.name}, your creek data is strong.` },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const bank = await grading.app.inject({
      method: 'GET',
      url: `/api/grading/comment-bank?courseId=${COURSE_ID}&assignmentId=${assignmentId}`,
      headers: teacher.headers,
    });
    expect(bank.json().comments.map((comment: { text: string }) => comment.text)).toEqual([
      '[name], your creek data is strong.',
    ]);
    expectNoStudentNamed(bank.body);
  });

  it('refuses a discussion or quiz graded anonymously before anything is drafted or charged', async () => {
    const teacher = await grading.teacher();
    const { state } = grading.canvas;
    const options = { mode: 'summative', useRubric: false, customInstructions: null };

    const topic = [...state.discussionTopics.values()].find((t) => t.courseId === 4201 && t.assignmentId !== null)!;
    state.assignments.get(topic.assignmentId!)!.anonymousGrading = true;
    const poster = state.entriesOf(topic.id).find((entry) => state.studentIdsIn(4201).includes(entry.userId))!;
    const discussion = `/api/grading/courses/4201/discussions/${topic.id}`;
    const topicDraft = await grading.app.inject({
      method: 'POST',
      url: `${discussion}/drafts`,
      headers: teacher.headers,
      payload: { userId: poster.userId, options },
    });
    expect(topicDraft.statusCode).toBe(403);
    expect(topicDraft.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);
    const topicSave = await grading.app.inject({
      method: 'PUT',
      url: `${discussion}/grades/${poster.userId}`,
      headers: teacher.headers,
      payload: { grade: 5, comment: 'Good points.' },
    });
    expect(topicSave.statusCode).toBe(403);
    expect(topicSave.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);

    const quiz = [...state.quizzes.values()].find((q) => q.courseId === 4201 && q.assignmentId !== null)!;
    state.assignments.get(quiz.assignmentId!)!.anonymousGrading = true;
    const taken = state.quizSubmissionsOf(quiz.id).find((qs) => qs.finishedAt !== null)!;
    const essay = state.questionsOf(quiz.id).find((q) => q.type === 'essay_question') ?? state.questionsOf(quiz.id)[0]!;
    const quizBase = `/api/grading/courses/4201/quizzes/${quiz.id}/submissions/${taken.id}`;
    const quizDraft = await grading.app.inject({
      method: 'POST',
      url: `${quizBase}/questions/${essay.id}/draft`,
      headers: teacher.headers,
      payload: { options },
    });
    expect(quizDraft.statusCode).toBe(403);
    expect(quizDraft.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 0 });
  });
});

describe('a discussion and a quiz graded anonymously', () => {
  it('shows the discussion as Student 1 to N with posts that name nobody, and refuses drafting and saving', async () => {
    const teacher = await grading.teacher();
    const { state } = grading.canvas;
    const topic = [...state.discussionTopics.values()].find((t) => t.title === ANONYMOUS_DISCUSSION_TITLE)!;
    expect(state.assignments.get(topic.assignmentId!)!.anonymousGrading).toBe(true);
    const base = `/api/grading/courses/${COURSE_ID}/discussions/${topic.id}`;

    const reply = await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers });
    expect(reply.statusCode, reply.body).toBe(200);
    expectNoStudentNamed(reply.body);
    const view = reply.json<DiscussionGradingView>();
    expect(view.discussion.anonymous_grading).toBe(true);
    expect(view.students.map((student) => student.user.name)).toEqual(
      view.students.map((_, index) => `Student ${index + 1}`),
    );
    expect(view.students.every((student) => student.user.id < 0 && student.user.avatar_url === null)).toBe(true);
    // Every live post is there, under its student's label; replies name the classmate they answer by label.
    const posted = state.entriesOf(topic.id).filter((entry) => !entry.deleted && entry.userId !== topic.authorId);
    expect(view.students.reduce((sum, student) => sum + student.post_count, 0)).toBe(posted.length);
    const replies = view.students.flatMap((student) => student.posts).filter((post) => post.in_reply_to);
    expect(replies.length).toBeGreaterThan(0);
    for (const post of replies) expect(post.in_reply_to!.author_name).toMatch(/^Student \d+$/);
    // The seeded replies greet their classmate by first name: the name is taken out.
    expect(replies.some((post) => post.message.includes('[classmate]'))).toBe(true);
    // Canvas's grades count for the class, matched to no student.
    const gradedInCanvas = [...state.submissions.values()].filter(
      (s) => s.assignmentId === topic.assignmentId && s.score !== null,
    ).length;
    expect(gradedInCanvas).toBeGreaterThan(0);
    expect(view.summary.graded_count).toBe(gradedInCanvas);
    expect(view.students.every((student) => student.grade.score === null)).toBe(true);
    // The same numbers on every read.
    const again = (
      await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<DiscussionGradingView>();
    expect(again.students.map((s) => [s.user.id, s.post_count])).toEqual(
      view.students.map((s) => [s.user.id, s.post_count]),
    );

    const poster = view.students.find((student) => student.post_count > 0)!;
    const options = { mode: 'summative', useRubric: false, customInstructions: null };
    const draft = await grading.app.inject({
      method: 'POST',
      url: `${base}/drafts`,
      headers: teacher.headers,
      payload: { userId: poster.user.id, options },
    });
    expect(draft.statusCode, draft.body).toBe(403);
    expect(draft.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);
    const save = await grading.app.inject({
      method: 'PUT',
      url: `${base}/grades/${poster.user.id}`,
      headers: teacher.headers,
      payload: { grade: 5, comment: 'Good points.' },
    });
    expect(save.statusCode, save.body).toBe(403);
    expect(save.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);
    expect(await grading.usageOf(teacher)).toMatchObject({ submissions_used: 0 });
  });

  it('shows a quiz as Student 1 to N and refuses its answers by label in words', async () => {
    const teacher = await grading.teacher();
    const { state } = grading.canvas;
    const quiz = [...state.quizzes.values()].find((q) => q.courseId === 4201 && q.assignmentId !== null)!;
    state.assignments.get(quiz.assignmentId!)!.anonymousGrading = true;
    const base = `/api/grading/courses/4201/quizzes/${quiz.id}`;
    const reply = await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers });
    expect(reply.statusCode, reply.body).toBe(200);
    expectNoStudentNamed(reply.body, 4201);
    const view = reply.json<QuizGradingView>();
    expect(view.quiz.anonymous_grading).toBe(true);
    expect(view.submissions.length).toBeGreaterThan(0);
    for (const submission of view.submissions) {
      expect(submission.user.name).toMatch(/^Student \d+$/);
      expect(submission.user_id).toBe(submission.user.id);
      expect(submission.user_id).toBeLessThan(0);
    }
    const numbers = view.submissions.map((submission) => Number(submission.user.name.split(' ')[1]));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

    const taken = view.submissions[0]!;
    const answers = await grading.app.inject({
      method: 'GET',
      url: `${base}/submissions/${taken.id}/answers?userId=${taken.user_id}&assignmentId=${quiz.assignmentId}`,
      headers: teacher.headers,
    });
    expect(answers.statusCode).toBe(403);
    expect(answers.json().error.message).toBe(ANONYMOUS_TOPIC_REFUSAL);
  });
});

describe('the course views beside an anonymous assignment', () => {
  it('keeps its work out of every student on the Students tab and her record, and counts it for the class in Analytics', async () => {
    const teacher = await grading.teacher();
    const { state } = grading.canvas;
    const assignmentId = anonymousAssignmentId();
    const anonymousIds = [...state.assignments.values()]
      .filter((a) => a.courseId === COURSE_ID && a.anonymousGrading)
      .map((a) => a.id);
    expect(anonymousIds).toContain(assignmentId);

    const students = await grading.app.inject({
      method: 'GET',
      url: `/api/insights/courses/${COURSE_ID}/students`,
      headers: teacher.headers,
    });
    expect(students.statusCode, students.body).toBe(200);
    const tab = students.json<CourseStudents>();
    expect(tab.anonymous_assignments.map((a) => a.id).sort()).toEqual([...anonymousIds].sort());
    expect(tab.assignments.map((a) => a.id)).not.toContain(assignmentId);
    for (const row of tab.students) {
      expect(row.id).toBeGreaterThan(0);
      expect(row.trend.map((point) => point.assignment_id)).not.toContain(assignmentId);
    }
    expect(students.body).not.toMatch(/"(id|assignment_id)":-\d/);

    const someone = tab.students[0]!;
    const record = await grading.app.inject({
      method: 'GET',
      url: `/api/insights/courses/${COURSE_ID}/students/${someone.id}`,
      headers: teacher.headers,
    });
    expect(record.statusCode, record.body).toBe(200);
    const work = record.json<StudentRecord>().assignments.map((a) => a.id);
    expect(work.length).toBeGreaterThan(0);
    for (const id of anonymousIds) expect(work).not.toContain(id);

    const analytics = await grading.app.inject({
      method: 'GET',
      url: `/api/insights/courses/${COURSE_ID}/analytics`,
      headers: teacher.headers,
    });
    expect(analytics.statusCode, analytics.body).toBe(200);
    const graded = [...state.submissions.values()].filter(
      (s) => s.assignmentId === assignmentId && s.score !== null && !s.excused,
    ).length;
    expect(graded).toBeGreaterThan(0);
    const figures = analytics.json<CourseAnalytics>().assignments.find((a) => a.id === assignmentId)!;
    expect(figures.counts.graded).toBe(graded);
    expectNoStudentNamed(analytics.body);
  });

  it('names no student of an anonymous assignment in the Needs Grading list', async () => {
    ungradeAnonymousWork();
    const teacher = await grading.teacher();
    const reply = await grading.app.inject({ method: 'GET', url: '/api/needs-grading', headers: teacher.headers });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toContain(ANONYMOUS_ASSIGNMENT_NAME);
    expectNoStudentNamed(reply.body);
  });
});

describe('a whole-class draft run on an anonymous assignment', () => {
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

  it('drafts every waiting student under her anonymous key, and no name reaches the model or the drafts', async () => {
    ungradeAnonymousWork();
    const teacher = await grading.teacher(withModel.app);
    const base = `/api/grading/courses/${COURSE_ID}/assignments/${anonymousAssignmentId()}`;
    const view = (
      await withModel.app.inject({ method: 'GET', url: base, headers: teacher.headers })
    ).json<AssignmentGradingView>();
    const waiting = view.submissions.filter(
      (s) => s.workflow_state === 'submitted' || s.workflow_state === 'pending_review',
    );
    expect(waiting.length).toBeGreaterThan(1);
    ai.reset();
    const started = await withModel.app.inject({
      method: 'POST',
      url: `${base}/drafts/batch`,
      headers: teacher.headers,
      payload: { options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(started.statusCode, started.body).toBe(200);
    let stored = (
      await withModel.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })
    ).json();
    for (let poll = 0; poll < 200 && stored.job.status === 'running'; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      stored = (await withModel.app.inject({ method: 'GET', url: `${base}/drafts`, headers: teacher.headers })).json();
    }
    expect(stored.job).toMatchObject({ status: 'finished', failed: 0 });
    const keys = Object.keys(stored.drafts).map(Number);
    expect(keys.length).toBe(stored.job.completed);
    expect(keys.length).toBeGreaterThan(1);
    for (const key of keys) expect(key).toBeLessThan(0);
    expect(ai.requests.length).toBeGreaterThan(0);
    for (let index = 0; index < ai.requests.length; index += 1) expectNoStudentNamed(ai.promptText(index));
    expectNoStudentNamed(JSON.stringify(stored));
  });
});
