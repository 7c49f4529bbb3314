import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoCanvasState, startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas } from '../test/demo-canvas-support';
import { wordCount } from './seed/essay-writer';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

const get = async (path: string) => {
  const answer = await callCanvas(demo.baseUrl, path, { token: demo.token });
  expect(answer.status, path).toBe(200);
  return answer.json;
};

describe('demo Canvas courses', () => {
  it('adds needs_grading_count, total_students, is_favorite and term when asked', async () => {
    const courses = await get(
      '/api/v1/courses?include[]=needs_grading_count&include[]=total_students&include[]=favorites&include[]=term',
    );
    const byId = new Map(courses.map((c: { id: number }) => [c.id, c]));
    expect(byId.get(4201)).toMatchObject({
      workflow_state: 'available',
      is_favorite: true,
      total_students: 35,
      term: { name: 'Default Term' },
    });
    expect((byId.get(4201) as { needs_grading_count: number }).needs_grading_count).toBeGreaterThan(50);
    expect(byId.get(4202)).toMatchObject({
      is_favorite: false,
      term: { name: expect.stringMatching(/^(Spring|Fall) \d{4}$/) },
    });
    expect(byId.get(4204)).toMatchObject({ workflow_state: 'unpublished', needs_grading_count: 0 });
    // A concluded course is read-only: no needs_grading_count for its former teacher.
    expect(byId.get(4205)).toMatchObject({
      workflow_state: 'completed',
      enrollments: [{ type: 'teacher', enrollment_state: 'completed' }],
    });
    expect(byId.get(4205)).not.toHaveProperty('needs_grading_count');
    const plain = await get('/api/v1/courses');
    expect(plain[0]).not.toHaveProperty('needs_grading_count');
    expect(plain[0]).not.toHaveProperty('term');
  });

  it('filters by enrollment_state and state[]', async () => {
    const active = await get('/api/v1/courses?enrollment_state=active');
    expect(active.map((c: { id: number }) => c.id)).not.toContain(4205);
    const completed = await get('/api/v1/courses?state[]=completed');
    expect(completed.map((c: { id: number }) => c.id)).toEqual([4205]);
  });
});

describe('demo Canvas assignments', () => {
  it('embeds the rubric, rubric_settings, needs_grading_count, html_url and submission types', async () => {
    const assignment = await get('/api/v1/courses/4201/assignments/5002');
    expect(assignment).toMatchObject({
      id: 5002,
      course_id: 4201,
      points_possible: 100,
      submission_types: ['online_text_entry', 'online_upload'],
      html_url: `${demo.baseUrl}/courses/4201/assignments/5002`,
      use_rubric_for_grading: true,
      rubric_settings: { points_possible: 100 },
    });
    expect(assignment.due_at).toMatch(/T\d{2}:\d{2}:\d{2}Z$/);
    expect(assignment.rubric).toHaveLength(5);
    expect(assignment.rubric[0]).toMatchObject({ id: expect.stringMatching(/^_\d+$/), ratings: expect.any(Array) });
    expect(assignment.rubric[0].ratings[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        points: expect.any(Number),
        long_description: expect.any(String),
      }),
    );
    expect(assignment.needs_grading_count).toBeGreaterThan(20);
  });

  it('has due dates in the past, in the future and none, and filters by bucket', async () => {
    const all = await get('/api/v1/courses/4201/assignments?per_page=100');
    const now = Date.now();
    expect(all.some((a: { due_at: string | null }) => a.due_at && Date.parse(a.due_at) < now)).toBe(true);
    expect(all.some((a: { due_at: string | null }) => a.due_at && Date.parse(a.due_at) > now)).toBe(true);
    expect(all.some((a: { due_at: string | null }) => a.due_at === null)).toBe(true);

    const ungraded = await get('/api/v1/courses/4201/assignments?bucket=ungraded&per_page=100');
    expect(ungraded.length).toBeGreaterThan(0);
    expect(
      ungraded.every(
        (a: { needs_grading_count: number; bucket: string }) => a.needs_grading_count > 0 && a.bucket === 'ungraded',
      ),
    ).toBe(true);
    const undated = await get('/api/v1/courses/4201/assignments?bucket=undated');
    expect(undated.map((a: { name: string }) => a.name)).toContain('Reading Response Journal');

    const wrong = await callCanvas(demo.baseUrl, '/api/v1/courses/4201/assignments?bucket=someday', {
      token: demo.token,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors.bucket[0].message).toMatch(/^bucket name must be one of the following/);
  });

  it('leaves needs_grading_count out for a TA without grading rights', async () => {
    const { DEMO_CANVAS_TA_TOKEN } = await import('./index');
    const answer = await callCanvas(demo.baseUrl, '/api/v1/courses/4201/assignments/5002', {
      token: DEMO_CANVAS_TA_TOKEN,
    });
    expect(answer.status).toBe(200);
    expect(answer.json).not.toHaveProperty('needs_grading_count');
  });
});

describe('demo Canvas submissions', () => {
  it('lists every student, unsubmitted ones included, with user, comments, files and rubric assessments', async () => {
    const submissions = await get(
      '/api/v1/courses/4201/assignments/5001/submissions?per_page=100&include[]=user&include[]=submission_comments&include[]=rubric_assessment',
    );
    expect(submissions).toHaveLength(35);
    const states = new Set(submissions.map((s: { workflow_state: string }) => s.workflow_state));
    expect(states).toEqual(new Set(['graded', 'submitted', 'unsubmitted']));
    const missing = submissions.filter((s: { missing: boolean }) => s.missing);
    expect(missing.length).toBeGreaterThan(0);
    expect(missing[0]).toMatchObject({
      workflow_state: 'unsubmitted',
      submitted_at: null,
      submission_type: null,
      score: null,
      attempt: null,
    });
    expect(submissions.some((s: { late: boolean; seconds_late: number }) => s.late && s.seconds_late > 0)).toBe(true);
    expect(submissions.some((s: { excused: boolean }) => s.excused)).toBe(true);
    expect(
      submissions.some(
        (s: { grade_matches_current_submission: boolean; attempt: number }) =>
          !s.grade_matches_current_submission && s.attempt === 2,
      ),
    ).toBe(true);

    const graded = submissions.find(
      (s: { workflow_state: string; rubric_assessment?: unknown }) =>
        s.workflow_state === 'graded' && s.rubric_assessment,
    );
    const criterion = Object.values(graded.rubric_assessment)[0];
    expect(criterion).toEqual({
      rating_id: expect.any(String),
      comments: expect.any(String),
      points: expect.any(Number),
    });
    expect(graded.user).toMatchObject({
      name: expect.any(String),
      sortable_name: expect.stringMatching(/^[^,]+, .+$/),
      avatar_url: expect.any(String),
    });
    const teacherComment = submissions
      .flatMap((s: { submission_comments: Array<{ author_id: number }> }) => s.submission_comments)
      .find((c: { author_id: number }) => c.author_id === 1001);
    expect(teacherComment).toMatchObject({ author_name: 'Dana Whitfield', author: { display_name: 'Dana Whitfield' } });
  });

  it('carries multi-paragraph essays of varied length, uploads, a URL and an XSS payload', async () => {
    const essays = await get(
      '/api/v1/courses/4201/assignments/5002/submissions?per_page=100&include[]=submission_comments',
    );
    const bodies = essays.map((s: { body: string | null }) => s.body).filter(Boolean) as string[];
    const lengths = bodies.map(wordCount);
    expect(Math.max(...lengths)).toBeGreaterThan(450);
    expect(Math.min(...lengths)).toBeLessThan(300);
    expect(bodies.every((body) => (body.match(/<p>/g) ?? []).length >= 3)).toBe(true);
    const xss = bodies.find((body) => body.includes('<script>'));
    expect(xss).toContain('onerror=');
    expect(xss).toContain('href="javascript:');
    const uploads = essays.filter((s: { submission_type: string }) => s.submission_type === 'online_upload');
    expect(
      new Set(
        uploads.map((s: { attachments: Array<{ 'content-type': string }> }) => s.attachments[0]?.['content-type']),
      ),
    ).toEqual(
      new Set([
        'text/plain',
        'application/pdf',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ]),
    );
    expect(
      essays.some((s: { submission_comments: Array<{ author_id: number }> }) =>
        s.submission_comments.some((c) => c.author_id !== 1001),
      ),
    ).toBe(true);

    const urls = await get('/api/v1/courses/4201/assignments/5005/submissions?per_page=100');
    expect(urls.find((s: { submission_type: string }) => s.submission_type === 'online_url').url).toMatch(
      /^https:\/\//,
    );
  });

  it('returns one student by user id, and 404 for someone who is not a student', async () => {
    const [first] = await get('/api/v1/courses/4201/assignments/5001/submissions?per_page=1');
    const single = await get(`/api/v1/courses/4201/assignments/5001/submissions/${first.user_id}?include[]=user`);
    expect(single).toMatchObject({ id: first.id, user: { id: first.user_id } });
  });
});

describe('demo Canvas discussions', () => {
  it('marks graded topics by assignment_id and embeds the assignment', async () => {
    const topics = await get('/api/v1/courses/4201/discussion_topics');
    const graded = topics.find((t: { assignment_id: number | null }) => t.assignment_id !== null);
    const ungraded = topics.find((t: { assignment_id: number | null }) => t.assignment_id === null);
    expect(graded).toMatchObject({
      assignment: { id: graded.assignment_id, points_possible: 10 },
      discussion_type: 'threaded',
    });
    expect(graded).not.toHaveProperty('is_assignment');
    expect(ungraded).toMatchObject({ title: 'Introduce Yourself', pinned: true });
  });

  it('serves the threaded view with participants, replies to replies and a deleted entry', async () => {
    const view = await get('/api/v1/courses/4201/discussion_topics/6101/view');
    expect(view.participants.length).toBeGreaterThan(20);
    expect(view.participants[0]).toEqual(
      expect.objectContaining({
        id: expect.any(Number),
        display_name: expect.any(String),
        avatar_image_url: expect.any(String),
      }),
    );
    const all: Array<{ parent_id: number | null; replies?: unknown[]; deleted?: boolean; message?: string }> = [];
    const walk = (entries: typeof all) => entries.forEach((e) => (all.push(e), walk((e.replies ?? []) as typeof all)));
    walk(view.view);
    expect(view.view.every((e: { parent_id: number | null }) => e.parent_id === null)).toBe(true);
    expect(
      all.some((e) => e.parent_id !== null && all.some((p) => (p.replies ?? []).includes(e) && p.parent_id !== null)),
    ).toBe(true);
    expect(all.some((e) => e.deleted === true && e.message === undefined)).toBe(true);
    expect(view.new_entries).toBeNull();
  });

  it('lists entries newest first with recent replies, and the replies of one entry', async () => {
    const entries = await get('/api/v1/courses/4201/discussion_topics/6101/entries?per_page=50');
    const times = entries.map((e: { created_at: string }) => e.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const withReplies = entries.find((e: { recent_replies?: unknown[] }) => e.recent_replies);
    expect(withReplies.user).toMatchObject({ display_name: withReplies.user_name });
    const replies = await get(`/api/v1/courses/4201/discussion_topics/6101/entries/${withReplies.id}/replies`);
    expect(replies.length).toBeGreaterThanOrEqual(withReplies.recent_replies.length);
  });

  it('records graded-discussion posts as discussion_topic submissions', async () => {
    const submissions = await get('/api/v1/courses/4201/assignments/5007/submissions?per_page=100');
    const posted = submissions.find((s: { submission_type: string }) => s.submission_type === 'discussion_topic');
    expect(posted.discussion_entries.length).toBeGreaterThan(0);
    expect(submissions.some((s: { workflow_state: string }) => s.workflow_state === 'graded')).toBe(true);
  });
});

describe('demo Canvas quizzes', () => {
  it('has a graded quiz, a practice quiz, an unpublished quiz and an ungraded survey', async () => {
    const quizzes = await get('/api/v1/courses/4201/quizzes');
    expect(quizzes.map((q: { quiz_type: string; published: boolean }) => [q.quiz_type, q.published]).sort()).toEqual([
      ['assignment', false],
      ['assignment', true],
      ['practice_quiz', true],
      ['survey', true],
    ]);
    const graded = quizzes.find(
      (q: { quiz_type: string; published: boolean }) => q.quiz_type === 'assignment' && q.published,
    );
    expect(graded).toMatchObject({ points_possible: 16, time_limit: 30, question_count: 5, assignment_id: 5008 });
  });

  it('lists questions, and submissions complete or pending review in an envelope', async () => {
    const questions = await get('/api/v1/courses/4201/quizzes/8101/questions');
    expect(questions.map((q: { question_type: string }) => q.question_type)).toEqual([
      'multiple_choice_question',
      'multiple_choice_question',
      'true_false_question',
      'true_false_question',
      'essay_question',
    ]);
    expect(questions[0].answers.filter((a: { weight: number }) => a.weight === 100)).toHaveLength(1);
    const envelope = await get('/api/v1/courses/4201/quizzes/8101/submissions?per_page=100&include[]=user');
    expect(envelope.meta).toEqual({ primaryCollection: 'quiz_submissions' });
    expect(envelope.users.length).toBe(envelope.quiz_submissions.length);
    const states = new Set(envelope.quiz_submissions.map((qs: { workflow_state: string }) => qs.workflow_state));
    expect(states).toEqual(new Set(['complete', 'pending_review']));
  });

  it('gives answers through the assignment submission history, not the quiz submission questions', async () => {
    const {
      quiz_submissions: [pending],
    } = await get('/api/v1/courses/4201/quizzes/8101/submissions?per_page=1');
    const submission = await get(
      `/api/v1/courses/4201/assignments/5008/submissions/${pending.user_id}?include[]=submission_history`,
    );
    const data = submission.submission_history[0].submission_data;
    expect(data).toHaveLength(5);
    expect(data[4]).toMatchObject({ question_id: 9105, correct: 'undefined', text: expect.stringContaining('<p>') });
    expect(data[0]).toEqual(expect.objectContaining({ answer_id: expect.any(Number), correct: expect.any(Boolean) }));
    const questions = await get(`/api/v1/quiz_submissions/${pending.id}/questions`);
    expect(questions.quiz_submission_questions[0]).toMatchObject({ flagged: false });
    expect(questions.quiz_submission_questions[0]).not.toHaveProperty('answer');
  });
});

describe('demo Canvas pages for people', () => {
  it('explains the pre-filled token and serves course and assignment pages', async () => {
    const settings = await callCanvas(demo.baseUrl, '/profile/settings');
    expect(settings.headers.get('content-type')).toContain('text/html');
    expect(settings.text).toContain(demo.token);
    expect(settings.text).toMatch(/fills in the address and the token/);
    expect((await callCanvas(demo.baseUrl, '/courses/4201')).status).toBe(200);
    const avatar = await callCanvas(demo.baseUrl, '/images/messages/avatar-50.png');
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect((await callCanvas(demo.baseUrl, '/courses/4201/assignments/999')).status).toBe(404);
  });
});

describe('demo Canvas seed', () => {
  it('is the same for the same seed and moment', () => {
    const now = new Date('2026-03-02T15:00:00Z');
    const first = createDemoCanvasState({ now });
    const second = createDemoCanvasState({ now });
    expect(JSON.stringify([...second.submissions.values()])).toBe(JSON.stringify([...first.submissions.values()]));
    expect([...second.users.values()].map((u) => u.name)).toEqual([...first.users.values()].map((u) => u.name));
  });

  it('builds a 12 x 40 x 200 benchmark scenario', () => {
    const state = createDemoCanvasState({
      scenario: { courses: 12, assignmentsPerCourse: 40, studentsPerCourse: 200 },
    });
    expect(state.courses.size).toBe(12);
    expect(state.assignments.size).toBe(480);
    expect(state.submissions.size).toBe(96_000);
    expect(state.studentIdsIn(4201)).toHaveLength(200);
  });
});
