import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas } from '../test/demo-canvas-support';
import { ANONYMOUS_ASSIGNMENT_NAME } from './seed/default-seed';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

const get = async (path: string) => callCanvas(demo.baseUrl, path, { token: demo.token });
const put = (path: string, body: unknown) =>
  callCanvas(demo.baseUrl, path, {
    token: demo.token,
    method: 'PUT',
    body: JSON.stringify(body),
    contentType: 'application/json',
  });

type Row = { user_id?: number; anonymous_id?: string; workflow_state: string; user?: unknown };

async function anonymousAssignment(): Promise<{
  id: number;
  anonymous_grading: boolean;
  anonymize_students: boolean;
  post_manually: boolean;
}> {
  const assignments = (await get('/api/v1/courses/4203/assignments?per_page=100')).json as Array<{
    id: number;
    name: string;
    anonymous_grading: boolean;
    anonymize_students: boolean;
    post_manually: boolean;
  }>;
  return assignments.find((assignment) => assignment.name === ANONYMOUS_ASSIGNMENT_NAME)!;
}

describe('demo Canvas anonymous grading', () => {
  it('lists the anonymous assignment posted by hand, its submissions by anonymous id with no user', async () => {
    const assignment = await anonymousAssignment();
    expect(assignment).toMatchObject({ anonymous_grading: true, anonymize_students: true, post_manually: true });
    const rows = (
      await get(`/api/v1/courses/4203/assignments/${assignment.id}/submissions?include[]=user&per_page=100`)
    ).json as Row[];
    expect(rows.length).toBe(28);
    for (const row of rows) {
      expect(row).not.toHaveProperty('user_id');
      expect(row).not.toHaveProperty('user');
      expect(row.anonymous_id).toMatch(/^[1-9A-HJ-NP-Za-km-z]{5}$/);
    }
    expect(new Set(rows.map((row) => row.anonymous_id)).size).toBe(rows.length);
    // Other assignments keep their user ids.
    const other = (await get('/api/v1/courses/4203/assignments?per_page=100')).json as Array<{
      id: number;
      anonymous_grading: boolean;
    }>;
    const plain = other.find((candidate) => !candidate.anonymous_grading)!;
    const plainRows = (await get(`/api/v1/courses/4203/assignments/${plain.id}/submissions?per_page=100`))
      .json as Row[];
    expect(plainRows[0]).toHaveProperty('user_id');
    expect(plainRows[0]).not.toHaveProperty('anonymous_id');
  });

  it('grades and comments by anonymous id, reads it back, and refuses the grade PUT by user id', async () => {
    const assignment = await anonymousAssignment();
    const base = `/api/v1/courses/4203/assignments/${assignment.id}`;
    const rows = (await get(`${base}/submissions?per_page=100`)).json as Row[];
    const row = rows.find((candidate) => candidate.workflow_state === 'submitted')!;

    const answer = await put(`${base}/anonymous_submissions/${row.anonymous_id}`, {
      submission: { posted_grade: '17' },
      comment: { text_comment: 'A clear position, backed by the creek data.' },
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ anonymous_id: row.anonymous_id, score: 17, workflow_state: 'graded' });
    expect(answer.json).not.toHaveProperty('user_id');

    const read = await get(`${base}/anonymous_submissions/${row.anonymous_id}?include[]=submission_comments`);
    expect(read.status).toBe(200);
    expect(read.json).toMatchObject({ anonymous_id: row.anonymous_id, score: 17, grade: '17' });
    expect(read.json.submission_comments.at(-1)).toMatchObject({
      comment: 'A clear position, backed by the creek data.',
    });

    expect((await get(`${base}/anonymous_submissions/zzzzz`)).status).toBe(404);

    // By user id: Canvas refuses graders the student's identity on an anonymised assignment.
    const enrollments = (await get('/api/v1/courses/4203/enrollments?type[]=StudentEnrollment&per_page=100'))
      .json as Array<{ user_id: number }>;
    const refused = await put(`${base}/submissions/${enrollments[0]!.user_id}`, { submission: { posted_grade: '5' } });
    expect(refused.status).toBe(403);
    expect((await get(`${base}/submissions/${enrollments[0]!.user_id}`)).status).toBe(403);
  });
});
