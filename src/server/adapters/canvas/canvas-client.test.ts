import mammoth from 'mammoth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCanvasState, startDemoCanvas, type RunningDemoCanvas } from '@/server/demo-canvas';
import { isAppError } from '@/server/core/app-error';
import { createCanvasClient } from './canvas-client';
import { createCanvasNetwork } from './canvas-network';
import type { CanvasClient } from './port';

let demo: RunningDemoCanvas;
let canvas: CanvasClient;
const network = createCanvasNetwork({ allowPrivateHosts: true });
beforeAll(async () => {
  demo = await startDemoCanvas();
  canvas = createCanvasClient({ baseUrl: demo.baseUrl, token: demo.token, network, retryBaseDelayMs: 2 });
});
afterEach(() => demo.faults.reset());
afterAll(() => Promise.all([demo.close(), network.close()]));

describe('Canvas client reading', () => {
  it('reads the connected teacher', async () => {
    await expect(canvas.getSelf()).resolves.toMatchObject({
      id: 1001,
      name: 'Dana Whitfield',
      email: 'dana.whitfield@northridge.example.edu',
    });
    await expect(canvas.getProfile()).resolves.toMatchObject({ email: 'dana.whitfield@northridge.example.edu' });
  });

  it('lists courses with counts, favourites and terms in one request', async () => {
    const courses = await canvas.listCourses();
    expect(demo.requestLog).toHaveLength(1);
    expect(demo.requestLog[0]?.query).toEqual({
      'include[]': ['needs_grading_count', 'total_students', 'favorites', 'term'],
      per_page: '100',
    });
    const english = courses.find((c) => c.id === 4201);
    expect(english).toMatchObject({
      courseCode: 'ENG10-P2',
      workflowState: 'available',
      totalStudents: 35,
      isFavorite: true,
      htmlUrl: `${demo.baseUrl}/courses/4201`,
    });
    expect(english?.needsGradingCount).toBeGreaterThan(0);
    expect(courses.find((c) => c.id === 4205)).toMatchObject({ workflowState: 'completed', needsGradingCount: null });
    expect((await canvas.listFavoriteCourses()).map((c) => c.id)).toEqual([4201]);
    await expect(canvas.getCourse(4202)).resolves.toMatchObject({ term: { name: expect.stringMatching(/\d{4}$/) } });
  });

  it('follows Link pagination to collect every row', async () => {
    const big = await startDemoCanvas({
      state: createDemoCanvasState({ scenario: { courses: 1, assignmentsPerCourse: 1, studentsPerCourse: 250 } }),
    });
    try {
      const client = createCanvasClient({ baseUrl: big.baseUrl, token: big.token, network });
      const [assignment] = await client.listAssignments(4201);
      big.requestLog.length = 0;
      const submissions = await client.listSubmissions(4201, assignment?.id ?? 0);
      expect(submissions).toHaveLength(250);
      expect(new Set(submissions.map((s) => s.userId)).size).toBe(250);
      expect(big.requestLog.map((entry) => entry.query.page ?? '1')).toEqual(['1', '2', '3']);
    } finally {
      await big.close();
    }
  });

  it('reads assignments with rubrics and submissions with users, comments, files and assessments', async () => {
    const assignments = await canvas.listAssignments(4201);
    const essay = assignments.find((a) => a.id === 5001);
    expect(essay).toMatchObject({
      pointsPossible: 40,
      submissionTypes: ['online_text_entry'],
      useRubricForGrading: true,
      rubricSettings: { pointsPossible: 40 },
    });
    expect(essay?.rubric).toHaveLength(4);
    expect(
      (await canvas.listAssignments(4201, { bucket: 'ungraded' })).every((a) => (a.needsGradingCount ?? 0) > 0),
    ).toBe(true);

    const submissions = await canvas.listSubmissions(4201, 5002);
    expect(submissions).toHaveLength(35);
    expect(submissions.some((s) => s.workflowState === 'unsubmitted' && s.missing)).toBe(true);
    const upload = submissions.find((s) => s.attachments.length > 0);
    expect(upload?.attachments[0]).toMatchObject({ url: expect.stringContaining('/files/'), size: expect.any(Number) });
    const graded = (await canvas.listSubmissions(4201, 5001)).find((s) => s.rubricAssessment !== null);
    expect(graded?.user).toMatchObject({ sortableName: expect.stringContaining(', ') });
    // Every comment the seed wrote on a commented submission comes back, in order.
    const commented = (await canvas.listSubmissions(4201, 5001)).find(
      (s) => (demo.state.submissionOf(5001, s.userId)?.comments.length ?? 0) > 0,
    );
    const seeded = demo.state.submissionOf(5001, commented!.userId)!.comments;
    expect(commented?.comments.map((comment) => comment.comment)).toEqual(seeded.map((comment) => comment.comment));
    expect(Object.values(graded?.rubricAssessment ?? {})[0]).toMatchObject({ points: expect.any(Number) });
  });

  it('saves a grade, comment and rubric assessment', async () => {
    const assignment = await canvas.getAssignment(4201, 5002);
    const waiting = (await canvas.listSubmissions(4201, 5002)).find((s) => s.workflowState === 'submitted');
    const criterion = assignment.rubric?.[0];
    if (!waiting || !criterion) throw new Error('seed has no ungraded essay');
    const saved = await canvas.gradeSubmission(4201, 5002, waiting.userId, {
      postedGrade: 91,
      comment: 'Strong evidence.',
      rubricAssessment: {
        [criterion.id]: { points: criterion.points, ratingId: criterion.ratings[0]?.id, comments: 'Precise claim.' },
      },
    });
    expect(saved).toMatchObject({ score: 91, grade: '91', workflowState: 'graded' });
    expect(saved.comments.at(-1)?.comment).toBe('Strong evidence.');
    const reread = await canvas.getSubmission(4201, 5002, waiting.userId);
    expect(reread.rubricAssessment?.[criterion.id]).toEqual({
      ratingId: criterion.ratings[0]?.id,
      points: criterion.points,
      comments: 'Precise claim.',
    });
    expect((await canvas.getAssignment(4201, 5002)).needsGradingCount).toBe((assignment.needsGradingCount ?? 0) - 1);
  });

  it('reads discussions: topics, the threaded view, entries and replies', async () => {
    const topics = await canvas.listDiscussionTopics(4201);
    const graded = topics.find((t) => t.assignmentId !== null);
    expect(graded?.assignment).toMatchObject({ pointsPossible: 10 });
    const view = await canvas.getDiscussionView(4201, graded?.id ?? 0);
    expect(view.participants.length).toBeGreaterThan(10);
    expect(view.entries.some((e) => e.replies.some((r) => r.replies.length > 0))).toBe(true);
    const entries = await canvas.listDiscussionEntries(4201, graded?.id ?? 0);
    expect(entries.every((e) => e.parentId === null)).toBe(true);
    const replies = await canvas.listDiscussionReplies(
      4201,
      graded?.id ?? 0,
      view.entries.find((e) => e.replies.length > 0)?.id ?? 0,
    );
    expect(replies.length).toBeGreaterThan(0);
  });

  it('reads quizzes, questions, submissions and answers, and scores an essay question', async () => {
    const quiz = (await canvas.listQuizzes(4201)).find((q) => q.quizType === 'assignment' && q.published);
    if (!quiz?.assignmentId) throw new Error('seed has no graded quiz');
    expect(quiz).toMatchObject({ pointsPossible: 16, timeLimitMinutes: 30 });
    const questions = await canvas.listQuizQuestions(4201, quiz.id);
    const essay = questions.find((q) => q.type === 'essay_question');
    expect(questions.find((q) => q.type === 'multiple_choice_question')?.answers.some((a) => a.weight === 100)).toBe(
      true,
    );
    const pending = (await canvas.listQuizSubmissions(4201, quiz.id)).find(
      (qs) => qs.workflowState === 'pending_review',
    );
    if (!pending || !essay) throw new Error('seed has no pending quiz');
    const answers = await canvas.getQuizAnswers(4201, quiz.assignmentId, pending.userId);
    expect(answers.find((a) => a.questionId === essay.id)).toMatchObject({
      correct: 'undefined',
      text: expect.stringContaining('<p>'),
    });

    const scored = await canvas.updateQuizScores(4201, quiz.id, pending.id, {
      attempt: pending.attempt ?? 1,
      questions: { [essay.id]: { score: 9, comment: 'Well argued.' } },
    });
    expect(scored).toMatchObject({ workflowState: 'complete', score: (pending.score ?? 0) + 9 });
    await expect(canvas.getQuizSubmission(4201, quiz.id, pending.id)).resolves.toMatchObject({
      workflowState: 'complete',
    });
    expect(
      (await canvas.getQuizAnswers(4201, quiz.assignmentId, pending.userId)).find((a) => a.questionId === essay.id),
    ).toMatchObject({
      correct: 'defined',
      points: 9,
      teacherComment: 'Well argued.',
    });
  });

  it('downloads attachments with their content type, up to the size cap, from Canvas only', async () => {
    const files = (await canvas.listSubmissions(4201, 5002)).flatMap((s) => s.attachments);
    const docx = files.find((f) => f.filename.endsWith('.docx'));
    const pdf = files.find((f) => f.filename.endsWith('.pdf'));
    if (!docx || !pdf) throw new Error('seed has no uploads');
    const word = await canvas.downloadAttachment(docx.url);
    expect(word.contentType).toBe(docx.contentType);
    expect(word.filename).toBe(docx.filename);
    expect(word.bytes.byteLength).toBe(docx.size);
    expect((await mammoth.extractRawText({ buffer: Buffer.from(word.bytes) })).value).toMatch(/school/i);
    const document = await canvas.downloadAttachment(pdf.url);
    expect(document.contentType).toBe('application/pdf');

    const tooLarge = await canvas.downloadAttachment(docx.url, { maxBytes: 1000 }).catch((error: unknown) => error);
    expect(isAppError(tooLarge) && tooLarge.code).toBe('PAYLOAD_TOO_LARGE');
    const elsewhere = await canvas
      .downloadAttachment('https://files.example.com/secret.pdf')
      .catch((error: unknown) => error);
    expect(isAppError(elsewhere) && elsewhere.code).toBe('CANVAS_URL_REFUSED');
  });
});
