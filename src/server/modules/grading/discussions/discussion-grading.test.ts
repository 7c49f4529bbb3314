import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { letterGrade } from '@/shared/schemas/grading';
import {
  discussionPointsPossible,
  participationLevel,
  summarizeDiscussion,
  type DiscussionGradingView,
  type DiscussionStudent,
} from '@/shared/schemas/discussion-grading';
import { createAiModel } from '@/server/adapters/ai';
import { DEMO_CANVAS_TA_TOKEN } from '@/server/demo-canvas';
import type { DemoRubric } from '@/server/demo-canvas/model';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { createTestApp, queryRows, type TestApp } from '@/server/test/test-app';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

/** The demo's graded discussion "Is Social Media Good for Teens?" and its ungraded "Introduce Yourself". */
const COURSE_ID = 4201;
const GRADED_TOPIC = 6101;
const LINKED_ASSIGNMENT = 5007;
const UNGRADED_TOPIC = 6102;
const OTHER_COURSE = 4202;
const OTHER_TOPIC = 6103;
const OTHER_ASSIGNMENT = 5013;

const grading = useGradingHarness();

const base = (courseId: number, topicId: number) => `/api/grading/courses/${courseId}/discussions/${topicId}`;

async function loadView(teacher: Teacher, courseId = COURSE_ID, topicId = GRADED_TOPIC, app = grading.app) {
  const response = await app.inject({ method: 'GET', url: base(courseId, topicId), headers: teacher.headers });
  expect(response.statusCode).toBe(200);
  return response.json<DiscussionGradingView>();
}

async function usedCredits(teacher: Teacher) {
  return (await grading.app.inject({ method: 'GET', url: '/api/usage', headers: teacher.headers })).json()
    .submissions_used as number;
}

describe('the discussion view', () => {
  it('reads the whole threaded conversation in one request, and every reply carries what it answers', async () => {
    const teacher = await grading.teacher();
    grading.canvas.requestLog.length = 0;
    const view = await loadView(teacher);

    const paths = grading.canvas.requestLog.map((entry) => `${entry.method} ${entry.path}`);
    expect(paths.filter((path) => path.endsWith('/view'))).toEqual([
      `GET /api/v1/courses/${COURSE_ID}/discussion_topics/${GRADED_TOPIC}/view`,
    ]);
    expect(paths.some((path) => path.includes('/entries'))).toBe(false);
    expect([...paths].sort()).toEqual(
      [
        `GET /api/v1/courses/${COURSE_ID}`,
        `GET /api/v1/courses/${COURSE_ID}/assignments/${LINKED_ASSIGNMENT}/submissions`,
        `GET /api/v1/courses/${COURSE_ID}/discussion_topics/${GRADED_TOPIC}`,
        `GET /api/v1/courses/${COURSE_ID}/discussion_topics/${GRADED_TOPIC}/view`,
      ].sort(),
    );

    const entries = grading.canvas.state.entriesOf(GRADED_TOPIC);
    const live = entries.filter((entry) => !entry.deleted);
    const studentIds = new Set(grading.canvas.state.studentIdsIn(COURSE_ID));
    const studentPosts = live.filter((entry) => studentIds.has(entry.userId));
    expect(view.discussion.post_count).toBe(studentPosts.length);
    expect(view.discussion.participant_count).toBe(new Set(studentPosts.map((entry) => entry.userId)).size);
    expect(live.length).toBeGreaterThan(studentPosts.length);
    let replies = 0;
    for (const student of view.students) {
      const own = live.filter((entry) => entry.userId === student.user.id);
      expect(student.posts.map((post) => post.id).sort()).toEqual(own.map((entry) => entry.id).sort());
      for (const post of student.posts) {
        const entry = entries.find((candidate) => candidate.id === post.id)!;
        if (entry.parentId === null) {
          expect(post.in_reply_to).toBeNull();
          continue;
        }
        replies += 1;
        const parent = entries.find((candidate) => candidate.id === entry.parentId)!;
        expect(post.in_reply_to).toMatchObject({ id: parent.id, is_deleted: parent.deleted });
        if (!parent.deleted) {
          expect(post.in_reply_to!.message).toBe(parent.message);
          expect(post.in_reply_to!.author_name).toBe(grading.canvas.state.users.get(parent.userId)!.name);
        }
      }
    }
    expect(replies).toBeGreaterThan(10);
  });

  it('lists every assigned student by the last word of the name, with the pseudo-submission and participation level', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    expect(view.students).toHaveLength(grading.canvas.state.studentIdsIn(COURSE_ID).length);
    const lastWords = view.students.map((student) => student.user.name.split(' ').at(-1)!);
    expect(lastWords).toEqual([...lastWords].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

    const levels = new Set<string>();
    for (const student of view.students) {
      expect(student.participation).toBe(participationLevel(student.post_count));
      levels.add(student.participation);
      if (student.post_count > 0) {
        expect(student).toMatchObject({ workflow_state: 'submitted', missing: false });
        expect(student.submitted_at).toBe(student.posts[0]!.created_at);
      } else {
        expect(student).toMatchObject({ workflow_state: 'unsubmitted', missing: true, original_post_preview: null });
      }
      expect(student.initial_post_count + student.reply_count).toBe(student.post_count);
    }
    expect(levels.has('None')).toBe(true);
    expect(levels.size).toBeGreaterThanOrEqual(3);
  });

  it('counts graded students, posts and the letter distribution by the bands of spec §4', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const scores = grading.canvas.state
      .studentIdsIn(COURSE_ID)
      .map((id) => grading.canvas.state.submissionOf(LINKED_ASSIGNMENT, id)?.score)
      .filter((score): score is number => typeof score === 'number');
    expect(scores.length).toBeGreaterThan(0);
    const expected = { A: 0, B: 0, C: 0, D: 0, F: 0 };
    for (const score of scores) expected[letterGrade((score / 10) * 100)] += 1;

    expect(view.summary).toMatchObject({
      student_count: view.students.length,
      graded_count: scores.length,
      pending_count: view.students.length - scores.length,
      letter_distribution: expected,
      total_posts: view.students.reduce((sum, student) => sum + student.post_count, 0),
      participants: view.students.filter((student) => student.post_count > 0).length,
    });
    expect(view.summary.average_score).toBeCloseTo(scores.reduce((a, b) => a + b, 0) / scores.length, 5);
    expect(view.summary.initial_posts + view.summary.replies).toBe(view.summary.total_posts);
  });

  it('shows the original post cut at 200 characters for the previous comments', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const long = view.students.find((student) => (student.original_post_preview?.length ?? 0) > 200);
    expect(long?.original_post_preview).toMatch(/^.{200}\.\.\.$/s);
    for (const student of view.students)
      if (student.original_post_preview) expect(student.original_post_preview.length).toBeLessThanOrEqual(203);
  });

  it('takes the discussion’s points, else the linked assignment’s, else 100', async () => {
    expect(discussionPointsPossible(12, 30)).toBe(12);
    expect(discussionPointsPossible(0, 30)).toBe(30);
    expect(discussionPointsPossible(null, null)).toBe(100);
    expect(discussionPointsPossible(0, 0)).toBe(100);

    const teacher = await grading.teacher();
    expect((await loadView(teacher)).discussion).toMatchObject({
      points_possible: 10,
      is_graded: true,
      assignment_id: LINKED_ASSIGNMENT,
    });
    const assignment = grading.canvas.state.assignments.get(OTHER_ASSIGNMENT)!;
    const before = assignment.pointsPossible;
    try {
      assignment.pointsPossible = 0;
      expect((await loadView(teacher, OTHER_COURSE, OTHER_TOPIC)).discussion.points_possible).toBe(100);
    } finally {
      assignment.pointsPossible = before;
    }
    const ungraded = await loadView(teacher, COURSE_ID, UNGRADED_TOPIC);
    expect(ungraded.discussion).toMatchObject({
      is_graded: false,
      assignment_id: null,
      points_possible: 100,
      rubric: null,
    });
    expect(ungraded.students.length).toBeGreaterThan(5);
    expect(ungraded.students.every((student) => student.grade.submission_id === null)).toBe(true);
  });

  it('keeps the summary rules in one pure function', () => {
    const student = (posts: number, score: number | null) =>
      ({
        post_count: posts,
        initial_post_count: Math.min(posts, 1),
        reply_count: Math.max(0, posts - 1),
        grade: { score, excused: false },
      }) as unknown as DiscussionStudent;
    const summary = summarizeDiscussion(
      [student(4, 20), student(1, 17), student(0, null), student(2, 11.5), student(3, 12)],
      20,
    );
    expect(summary).toMatchObject({
      student_count: 5,
      graded_count: 4,
      pending_count: 1,
      progress_percent: 80,
      total_posts: 10,
      participants: 4,
      initial_posts: 4,
      replies: 6,
      average_posts_per_participant: 2.5,
      letter_distribution: { A: 1, B: 1, C: 0, D: 1, F: 1 },
    });
    expect(
      ['None', 'Minimal', 'Good', 'Good', 'Excellent', 'Excellent'].map((_, count) => participationLevel(count)),
    ).toEqual(['None', 'Minimal', 'Good', 'Good', 'Excellent', 'Excellent']);
  });
});

describe('saving a discussion grade', () => {
  it('saves through the linked assignment with one credit, and the grade is in Canvas', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const student = view.students.find((candidate) => candidate.grade.score === null && candidate.post_count > 0)!;
    grading.canvas.requestLog.length = 0;
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base(COURSE_ID, GRADED_TOPIC)}/grades/${student.user.id}`,
      headers: teacher.headers,
      payload: { grade: 8.5, comment: 'Thoughtful replies to classmates.' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ user_id: student.user.id, grade: { score: 8.5 }, usage: { submissions_used: 1 } });
    expect(body.grade.submission_comments.at(-1).comment).toBe('Thoughtful replies to classmates.');

    const writes = grading.canvas.requestLog.filter((entry) => entry.method === 'PUT').map((entry) => entry.path);
    expect(writes).toEqual([
      `/api/v1/courses/${COURSE_ID}/assignments/${LINKED_ASSIGNMENT}/submissions/${student.user.id}`,
    ]);
    const inCanvas = grading.canvas.state.submissionOf(LINKED_ASSIGNMENT, student.user.id)!;
    expect(inCanvas).toMatchObject({ score: 8.5, workflowState: 'graded' });
    expect(inCanvas.comments.at(-1)?.comment).toBe('Thoughtful replies to classmates.');
    expect(await usedCredits(teacher)).toBe(1);

    const audits = await queryRows<{ action: string }>(
      grading.database.db,
      sql`select action from audit_logs where user_id = ${teacher.userId} order by created_at, action`,
    );
    expect(audits.map((row) => row.action)).toEqual(expect.arrayContaining(['USAGE_INCREMENTED', 'GRADE_SUBMISSION']));

    const reloaded = await loadView(teacher);
    expect(reloaded.students.find((candidate) => candidate.user.id === student.user.id)!.grade.score).toBe(8.5);
    expect(reloaded.summary.graded_count).toBe(view.summary.graded_count + 1);
  });

  it('undoes the last save: the earlier grade and comment are back in Canvas, read back, once, at no cost', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    expect(view.discussion).toMatchObject({ post_manually: false });
    expect(view.discussion.assignment_html_url).toMatch(
      new RegExp(`/courses/${COURSE_ID}/assignments/${LINKED_ASSIGNMENT}$`),
    );
    const student = view.students.find((candidate) => candidate.grade.score === null && candidate.post_count > 0)!;
    const url = `${base(COURSE_ID, GRADED_TOPIC)}/grades/${student.user.id}`;
    const save = (grade: number, comment: string) =>
      grading.app.inject({ method: 'PUT', url, headers: teacher.headers, payload: { grade, comment } });
    expect((await save(6, 'First reading of the thread.')).json()).toMatchObject({ canUndo: true });
    expect((await save(9, 'Second reading of the thread.')).statusCode).toBe(200);

    const undone = await grading.app.inject({ method: 'POST', url: `${url}/undo`, headers: teacher.headers });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toMatchObject({ user_id: student.user.id, grade: { score: 6 }, stored: '6 / 10' });
    const inCanvas = grading.canvas.state.submissionOf(LINKED_ASSIGNMENT, student.user.id)!;
    expect(inCanvas.score).toBe(6);
    expect(inCanvas.comments.map((comment) => comment.comment)).toContain('First reading of the thread.');
    expect(inCanvas.comments.map((comment) => comment.comment)).not.toContain('Second reading of the thread.');
    expect(await usedCredits(teacher)).toBe(1);

    const again = await grading.app.inject({ method: 'POST', url: `${url}/undo`, headers: teacher.headers });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('There is no save of yours to undo for this student.');
  });

  it('sends the rubric assessment when the discussion’s assignment has a rubric', async () => {
    const assignment = grading.canvas.state.assignments.get(OTHER_ASSIGNMENT)!;
    const rubric: DemoRubric = {
      id: 7999,
      title: 'Discussion rubric',
      freeFormCriterionComments: false,
      useForGrading: false,
      criteria: [
        {
          id: 'content',
          points: 10,
          description: 'Content',
          longDescription: null,
          ratings: [{ id: 'c-full', points: 10, description: 'Full', longDescription: '' }],
        },
        {
          id: 'engagement',
          points: 5,
          description: 'Engagement',
          longDescription: null,
          ratings: [{ id: 'e-full', points: 5, description: 'Full', longDescription: '' }],
        },
      ],
    };
    assignment.rubric = rubric;
    try {
      const teacher = await grading.teacher();
      const view = await loadView(teacher, OTHER_COURSE, OTHER_TOPIC);
      expect(view.discussion.rubric?.map((criterion) => criterion.id)).toEqual(['content', 'engagement']);
      const student = view.students.find((candidate) => candidate.post_count > 0)!;
      const response = await grading.app.inject({
        method: 'PUT',
        url: `${base(OTHER_COURSE, OTHER_TOPIC)}/grades/${student.user.id}`,
        headers: teacher.headers,
        payload: {
          grade: 12,
          comment: '',
          rubricAssessment: [
            { criterionId: 'content', points: 8, comments: 'Clear claim.' },
            { criterionId: 'engagement', points: 4, comments: '' },
          ],
        },
      });
      expect(response.statusCode).toBe(200);
      expect(grading.canvas.state.submissionOf(OTHER_ASSIGNMENT, student.user.id)).toMatchObject({
        score: 12,
        rubricAssessment: { content: { points: 8, comments: 'Clear claim.' }, engagement: { points: 4 } },
      });
    } finally {
      assignment.rubric = null;
    }
  });

  it('refuses an ungraded discussion, and a grade above the points, without spending a credit', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher, COURSE_ID, UNGRADED_TOPIC);
    grading.canvas.requestLog.length = 0;
    const refused = await grading.app.inject({
      method: 'PUT',
      url: `${base(COURSE_ID, UNGRADED_TOPIC)}/grades/${view.students[0]!.user.id}`,
      headers: teacher.headers,
      payload: { grade: 5, comment: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      'This discussion is not graded in Canvas, so there is no grade to save. Make it a graded discussion in Canvas to grade it here.',
    );
    const tooHigh = await grading.app.inject({
      method: 'PUT',
      url: `${base(COURSE_ID, GRADED_TOPIC)}/grades/${view.students[0]!.user.id}`,
      headers: teacher.headers,
      payload: { grade: 10.5, comment: '' },
    });
    expect(tooHigh.statusCode).toBe(400);
    expect(grading.canvas.requestLog.some((entry) => entry.method === 'PUT')).toBe(false);
    expect(await usedCredits(teacher)).toBe(0);

    const drafting = await grading.app.inject({
      method: 'POST',
      url: `${base(COURSE_ID, UNGRADED_TOPIC)}/drafts`,
      headers: teacher.headers,
      payload: {
        userId: view.students[0]!.user.id,
        options: { mode: 'formative', useRubric: false, customInstructions: null },
      },
    });
    expect(drafting.statusCode).toBe(400);
  });

  it('gives the credit back when Canvas refuses the grade', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const assistant = await connectedTeacher(grading.app, grading.canvas, { token: DEMO_CANVAS_TA_TOKEN });
    const response = await grading.app.inject({
      method: 'PUT',
      url: `${base(COURSE_ID, GRADED_TOPIC)}/grades/${view.students[0]!.user.id}`,
      headers: assistant.headers,
      payload: { grade: 5, comment: '' },
    });
    expect(response.statusCode).toBe(502);
    expect(response.json().error).toMatchObject({
      code: 'CANVAS_PERMISSION',
      message: 'Permission denied. Please check your Canvas permissions for grading.',
    });
    expect(await usedCredits(assistant)).toBe(0);
  });

  it('needs a signed-in teacher', async () => {
    expect((await grading.app.inject({ method: 'GET', url: base(COURSE_ID, GRADED_TOPIC) })).statusCode).toBe(401);
  });
});

describe('drafting a discussion grade', () => {
  it('drafts with the offline engine, keeps the draft for 24 hours and drops it once saved', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const student = view.students.find((candidate) => candidate.post_count >= 2 && candidate.grade.score === null)!;
    const response = await grading.app.inject({
      method: 'POST',
      url: `${base(COURSE_ID, GRADED_TOPIC)}/drafts`,
      headers: teacher.headers,
      payload: { userId: student.user.id, options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(response.statusCode).toBe(200);
    const { draft } = response.json();
    expect(draft.grade).toBeGreaterThanOrEqual(0);
    expect(draft.grade).toBeLessThanOrEqual(10);
    expect(draft.gradeReview.length).toBeGreaterThan(0);
    // Like an assignment draft, it learns the teacher's scale from the classmates already graded.
    const graded = view.students.filter(
      (other) =>
        other.user.id !== student.user.id && other.post_count > 0 && !other.grade.excused && other.grade.score !== null,
    );
    expect(graded.length).toBeGreaterThan(0);
    expect(draft.basis).toMatchObject({ method: 'class', gradesLearnedFrom: graded.length });

    const stored = (
      await grading.app.inject({
        method: 'GET',
        url: `${base(COURSE_ID, GRADED_TOPIC)}/drafts`,
        headers: teacher.headers,
      })
    ).json();
    expect(Object.keys(stored.drafts)).toEqual([String(student.user.id)]);
    await grading.app.inject({
      method: 'PUT',
      url: `${base(COURSE_ID, GRADED_TOPIC)}/grades/${student.user.id}`,
      headers: teacher.headers,
      payload: { grade: draft.grade, comment: draft.feedback },
    });
    const after = (
      await grading.app.inject({
        method: 'GET',
        url: `${base(COURSE_ID, GRADED_TOPIC)}/drafts`,
        headers: teacher.headers,
      })
    ).json();
    expect(after.drafts).toEqual({});
  });

  it('refuses to draft for a student who has not posted', async () => {
    const teacher = await grading.teacher();
    const view = await loadView(teacher);
    const silent = view.students.find((candidate) => candidate.post_count === 0)!;
    const response = await grading.app.inject({
      method: 'POST',
      url: `${base(COURSE_ID, GRADED_TOPIC)}/drafts`,
      headers: teacher.headers,
      payload: { userId: silent.user.id, options: { mode: 'formative', useRubric: false, customInstructions: null } },
    });
    expect(response.statusCode).toBe(400);
  });

  describe('through a model', () => {
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

    it('sends every post with the replies it answers, the prompt and participation, but no names', async () => {
      const teacher = await grading.teacher(withModel.app);
      const view = await loadView(teacher, COURSE_ID, GRADED_TOPIC, withModel.app);
      const student = view.students.find(
        (candidate) => candidate.reply_count >= 1 && candidate.initial_post_count >= 1,
      )!;
      ai.enqueue({ kind: 'from-schema', overrides: { grade: 40, feedback: 'Nice replies, [STUDENT_FIRST_NAME].' } });
      const response = await withModel.app.inject({
        method: 'POST',
        url: `${base(COURSE_ID, GRADED_TOPIC)}/drafts`,
        headers: teacher.headers,
        payload: {
          userId: student.user.id,
          options: { mode: 'summative', useRubric: false, customInstructions: null },
        },
      });
      expect(response.statusCode).toBe(200);
      const prompt = ai.promptText();
      expect(prompt).toContain('Post your answer with at least one reason and one piece of evidence');
      expect(prompt).toContain(`Participation: ${student.post_count} posts`);
      expect(prompt).toContain(`participation level ${student.participation}`);
      const reply = student.posts.find((post) => post.in_reply_to && !post.in_reply_to.is_deleted)!;
      const parentWords = reply
        .in_reply_to!.message.replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter((word) => word.length > 6)
        .slice(0, 3);
      for (const word of parentWords) expect(prompt).toContain(word.replace(/[.,;:!?"]+$/, ''));
      expect(prompt).toContain('answering this post by [CLASSMATE]');

      const [first, ...rest] = student.user.name.split(' ');
      expect(prompt).not.toContain(student.user.name);
      expect(prompt).not.toContain(rest.at(-1)!);
      expect(prompt).not.toContain(`${first} `);
      for (const classmate of view.students.filter((other) => other.user.id !== student.user.id)) {
        expect(prompt).not.toContain(classmate.user.name);
      }
      // Classmates the teacher already graded with a comment set the scale and voice, without their names.
      const gradedWithComment = view.students.filter(
        (other) => other.grade.score !== null && other.grade.submission_comments.length > 0,
      );
      expect(gradedWithComment.length).toBeGreaterThan(0);
      expect(prompt).toContain("The teacher's own graded examples");
      const { draft } = response.json();
      expect(draft.examplesUsed.length).toBeGreaterThan(0);
      expect(draft.grade).toBe(10);
      expect(draft.feedback).toBe(`Nice replies, ${first}.`);
    });
  });
});
