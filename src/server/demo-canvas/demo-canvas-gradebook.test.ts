import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoCanvas, type RunningDemoCanvas } from './index';
import { callCanvas, linksOf } from '../test/demo-canvas-support';

let demo: RunningDemoCanvas;
beforeAll(async () => {
  demo = await startDemoCanvas();
});
afterAll(() => demo.close());

describe('demo Canvas gradebook reads', () => {
  it('pages students/submissions by bookmark, next and first only, until every row is read', async () => {
    const published = demo.state.assignmentsIn(4202).filter((a) => a.published);
    const students = demo.state.studentIdsIn(4202);
    let url: string | undefined =
      `${demo.baseUrl}/api/v1/courses/4202/students/submissions?student_ids[]=all&per_page=25`;
    const ids = new Set<number>();
    let pages = 0;
    while (url) {
      const page = await callCanvas(demo.baseUrl, url.slice(demo.baseUrl.length), { token: demo.token });
      const links = linksOf(page.headers);
      expect(links.last).toBeUndefined();
      expect(links.first).toBeDefined();
      for (const row of page.json as Array<{ id: number }>) ids.add(row.id);
      url = links.next;
      pages += 1;
    }
    expect(ids.size).toBe(published.length * students.length);
    expect(pages).toBe(Math.ceil(ids.size / 25));
  });

  it('refuses assignments that are not published and more than 100 named students', async () => {
    const unpublished = demo.state.assignmentsIn(4204)[0]!;
    const refused = await callCanvas(
      demo.baseUrl,
      `/api/v1/courses/4204/students/submissions?student_ids[]=all&assignment_ids[]=${unpublished.id}`,
      { token: demo.token },
    );
    expect(refused.status).toBe(403);
    const many = Array.from({ length: 101 }, (_, i) => `student_ids[]=${i + 1}`).join('&');
    const tooMany = await callCanvas(demo.baseUrl, `/api/v1/courses/4202/students/submissions?${many}`, {
      token: demo.token,
    });
    expect(tooMany.status).toBe(400);
  });

  it('names assignment groups and gives active students their current score', async () => {
    const groups = await callCanvas(demo.baseUrl, '/api/v1/courses/4202/assignment_groups?include[]=assignments', {
      token: demo.token,
    });
    const body = groups.json as Array<{ name: string; assignments: unknown[] }>;
    expect(body.map((g) => g.name)).toEqual(['Essays', 'Quizzes']);
    expect(body.every((g) => g.assignments.length > 0)).toBe(true);
    const enrollments = await callCanvas(
      demo.baseUrl,
      '/api/v1/courses/4202/enrollments?type[]=StudentEnrollment&state[]=active&per_page=100',
      { token: demo.token },
    );
    const rows = enrollments.json as Array<{ type: string; grades: { current_score: number | null } }>;
    expect(rows.length).toBe(demo.state.studentIdsIn(4202).length);
    expect(rows.every((r) => r.type === 'StudentEnrollment')).toBe(true);
    expect(rows.some((r) => typeof r.grades.current_score === 'number')).toBe(true);
  });
});
