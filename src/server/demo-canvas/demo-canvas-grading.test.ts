import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CANVAS_TA_TOKEN, startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

const FORM = 'application/x-www-form-urlencoded';
const JSON_TYPE = 'application/json';
const get = async (path: string) => (await callCanvas(demo.baseUrl, path, { token: demo.token })).json;
const put = (path: string, body: string, contentType: string, token: string = demo.token) =>
  callCanvas(demo.baseUrl, path, { token, method: 'PUT', body, contentType });

/** A student of the argumentative essay whose work, handed in on time, is waiting to be graded. */
async function ungradedStudent(): Promise<number> {
  const submissions = await get('/api/v1/courses/4201/assignments/5002/submissions?per_page=100');
  return submissions.find(
    (s: { workflow_state: string; submission_type: string; late: boolean }) =>
      s.workflow_state === 'submitted' && s.submission_type === 'online_text_entry' && !s.late,
  ).user_id;
}

describe('demo Canvas grading', () => {
  it('grades with a form body: score, grade, state, graded_at, comment, rubric and the to-grade counts', async () => {
    const userId = await ungradedStudent();
    const assignmentBefore = await get('/api/v1/courses/4201/assignments/5002');
    const [courseBefore] = (await get('/api/v1/courses?include[]=needs_grading_count')).filter(
      (c: { id: number }) => c.id === 4201,
    );
    const [criterion] = assignmentBefore.rubric;

    const body = new URLSearchParams({
      'submission[posted_grade]': '87',
      'comment[text_comment]': 'Clear thesis; add a counterargument.',
      [`rubric_assessment[${criterion.id}][points]`]: '18',
      [`rubric_assessment[${criterion.id}][rating_id]`]: criterion.ratings[1].id,
      [`rubric_assessment[${criterion.id}][comments]`]: 'Arguable and specific.',
    }).toString();
    const answer = await put(`/api/v1/courses/4201/assignments/5002/submissions/${userId}`, body, FORM);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      user_id: userId,
      score: 87,
      grade: '87',
      entered_score: 87,
      workflow_state: 'graded',
      grader_id: 1001,
      grade_matches_current_submission: true,
    });
    expect(Date.now() - Date.parse(answer.json.graded_at)).toBeLessThan(60_000);
    expect(answer.json.submission_comments.at(-1)).toMatchObject({
      comment: 'Clear thesis; add a counterargument.',
      author_name: 'Dana Whitfield',
    });
    expect(answer.json.all_submissions).toHaveLength(1);
    expect(answer.json).not.toHaveProperty('rubric_assessment');

    const stored = await get(`/api/v1/courses/4201/assignments/5002/submissions/${userId}?include[]=rubric_assessment`);
    expect(stored.rubric_assessment[criterion.id]).toEqual({
      rating_id: criterion.ratings[1].id,
      comments: 'Arguable and specific.',
      points: 18,
    });

    const assignmentAfter = await get('/api/v1/courses/4201/assignments/5002');
    expect(assignmentAfter.needs_grading_count).toBe(assignmentBefore.needs_grading_count - 1);
    const [courseAfter] = (await get('/api/v1/courses?include[]=needs_grading_count')).filter(
      (c: { id: number }) => c.id === 4201,
    );
    expect(courseAfter.needs_grading_count).toBe(courseBefore.needs_grading_count - 1);
  });

  it('accepts a JSON body and percent grades', async () => {
    const userId = await ungradedStudent();
    const answer = await put(
      `/api/v1/courses/4201/assignments/5002/submissions/${userId}`,
      JSON.stringify({ submission: { posted_grade: '85%' }, comment: { text_comment: 'Good work.' } }),
      JSON_TYPE,
    );
    expect(answer.json).toMatchObject({ score: 85, grade: '85', workflow_state: 'graded' });
    const railroad = await get('/api/v1/courses/4202/assignments/5011/submissions?per_page=100');
    const waiting = railroad.find((s: { workflow_state: string }) => s.workflow_state === 'submitted');
    const percent = await put(
      `/api/v1/courses/4202/assignments/5011/submissions/${waiting.user_id}`,
      JSON.stringify({ submission: { posted_grade: 17 } }),
      JSON_TYPE,
    );
    expect(percent.json).toMatchObject({ score: 17, grade: '85%' });
  });

  it('totals the rubric into the score when no grade is posted', async () => {
    const userId = await ungradedStudent();
    const assignment = await get('/api/v1/courses/4201/assignments/5002');
    const assessment = Object.fromEntries(
      assignment.rubric.map((c: { id: string; points: number }) => [c.id, { points: c.points - 1 }]),
    );
    const answer = await put(
      `/api/v1/courses/4201/assignments/5002/submissions/${userId}`,
      JSON.stringify({ rubric_assessment: assessment }),
      JSON_TYPE,
    );
    expect(answer.json).toMatchObject({ score: 95, workflow_state: 'graded' });
  });

  it('grades a student who handed in nothing, who then no longer counts as missing', async () => {
    const submissions = await get('/api/v1/courses/4201/assignments/5001/submissions?per_page=100');
    const missing = submissions.find((s: { missing: boolean }) => s.missing);
    const answer = await put(
      `/api/v1/courses/4201/assignments/5001/submissions/${missing.user_id}`,
      'submission[posted_grade]=0',
      FORM,
    );
    expect(answer.json).toMatchObject({
      score: 0,
      grade: '0',
      workflow_state: 'graded',
      missing: false,
      submission_type: null,
    });
  });

  it('refuses bad grading input the way Canvas does', async () => {
    const userId = await ungradedStudent();
    const path = `/api/v1/courses/4201/assignments/5002/submissions/${userId}`;
    const rubric = await put(path, 'rubric_assessment[nonsense][points]=3', FORM);
    expect(rubric.status).toBe(400);
    expect(rubric.json).toEqual({ message: 'invalid rubric_assessment' });
    const both = await put(path, 'submission[posted_grade]=5&submission[excuse]=true', FORM);
    expect(both.status).toBe(400);
    expect(both.json).toEqual({ error: 'Cannot simultaneously grade and excuse an assignment' });
    const notAStudent = await put(
      '/api/v1/courses/4201/assignments/5002/submissions/1002',
      'submission[posted_grade]=5',
      FORM,
    );
    expect(notAStudent.status).toBe(404);
    const unreadable = await put(path, 'submission[posted_grade]=great', FORM);
    expect(unreadable.status).toBe(200);
    expect(unreadable.json.workflow_state).toBe('submitted');
  });

  it('forbids grading to a TA without the right and in a concluded course', async () => {
    const userId = await ungradedStudent();
    const ta = await put(
      `/api/v1/courses/4201/assignments/5002/submissions/${userId}`,
      'submission[posted_grade]=5',
      FORM,
      DEMO_CANVAS_TA_TOKEN,
    );
    expect(ta.status).toBe(403);
    expect(ta.json.status).toBe('unauthorized');
    const [oldAssignment] = await get('/api/v1/courses/4205/assignments');
    const [concluded] = await get(`/api/v1/courses/4205/assignments/${oldAssignment.id}/submissions?per_page=1`);
    const closed = await put(
      `/api/v1/courses/4205/assignments/${oldAssignment.id}/submissions/${concluded.user_id}`,
      'submission[posted_grade]=5',
      FORM,
    );
    expect(closed.status).toBe(403);
  });
});

describe('demo Canvas quiz scoring', () => {
  const pendingQuizSubmission = async () => {
    const { quiz_submissions } = await get('/api/v1/courses/4201/quizzes/8101/submissions?per_page=100');
    return quiz_submissions.find((qs: { workflow_state: string }) => qs.workflow_state === 'pending_review');
  };

  it('scores an essay question: complete, new score, comment, and the assignment submission graded', async () => {
    const pending = await pendingQuizSubmission();
    const body = {
      quiz_submissions: [
        { attempt: 1, fudge_points: 0.5, questions: { 9105: { score: 8, comment: 'Good argument, cite the text.' } } },
      ],
    };
    const answer = await put(
      `/api/v1/courses/4201/quizzes/8101/submissions/${pending.id}`,
      JSON.stringify(body),
      JSON_TYPE,
    );
    expect(answer.status).toBe(200);
    expect(answer.json.quiz_submissions[0]).toMatchObject({
      workflow_state: 'complete',
      score: pending.score + 8.5,
      fudge_points: 0.5,
    });
    const submission = await get(
      `/api/v1/courses/4201/assignments/5008/submissions/${pending.user_id}?include[]=submission_history`,
    );
    expect(submission).toMatchObject({ workflow_state: 'graded', score: pending.score + 8.5 });
    expect(submission.submission_history[0].submission_data[4]).toMatchObject({
      correct: 'defined',
      points: 8,
      more_comments: 'Good argument, cite the text.',
    });
  });

  it('accepts the form equivalent', async () => {
    const pending = await pendingQuizSubmission();
    const body = 'quiz_submissions[][attempt]=1&quiz_submissions[][questions][9105][score]=6';
    const answer = await put(`/api/v1/courses/4201/quizzes/8101/submissions/${pending.id}`, body, FORM);
    expect(answer.json.quiz_submissions[0]).toMatchObject({ workflow_state: 'complete', score: pending.score + 6 });
  });

  it('refuses a wrong attempt, a bad score, a missing key and a TA', async () => {
    const pending = await pendingQuizSubmission();
    const path = `/api/v1/courses/4201/quizzes/8101/submissions/${pending.id}`;
    const attempt = await put(path, JSON.stringify({ quiz_submissions: [{ attempt: 7, questions: {} }] }), JSON_TYPE);
    expect(attempt.json).toEqual({ status: 'bad_request', message: 'invalid attempt' });
    const score = await put(
      path,
      JSON.stringify({ quiz_submissions: [{ attempt: 1, questions: { 9105: { score: 'lots' } } }] }),
      JSON_TYPE,
    );
    expect(score.json).toEqual({ status: 'bad_request', message: 'question score must be an unsigned decimal' });
    const missing = await put(path, JSON.stringify({ attempt: 1 }), JSON_TYPE);
    expect(missing.json).toEqual({ status: 'bad_request', message: 'missing required key :quiz_submissions' });
    const ta = await put(path, JSON.stringify({ quiz_submissions: [{ attempt: 1 }] }), JSON_TYPE, DEMO_CANVAS_TA_TOKEN);
    expect(ta.status).toBe(403);
  });
});
