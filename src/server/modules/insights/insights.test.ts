import { beforeEach, describe, expect, it } from 'vitest';
import type { CourseAnalytics, CourseStudents, StudentRecord } from '@/shared/schemas/insights';
import type { DemoCanvasState } from '@/server/demo-canvas';
import { connectedTeacher } from '@/server/test/canvas-fixture';
import { buildTestApp } from '@/server/test/test-app';
import { flagOf } from './compute-course-students';

const harness = buildTestApp({ canvas: true });
beforeEach(() => {
  harness.canvas.requestLog.length = 0;
});

const get = async <T>(url: string, headers: Record<string, string>) => {
  const response = await harness.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json<T>() };
};

/** What the demo Canvas holds for one assignment, computed here independently of the module. */
function expectedFigures(state: DemoCanvasState, assignmentId: number) {
  const assignment = state.assignments.get(assignmentId)!;
  const active = state
    .enrollmentsInCourse(assignment.courseId)
    .filter((e) => e.type === 'student' && e.state === 'active')
    .map((e) => e.userId);
  const rows = active.map((id) => state.submissionOf(assignmentId, id)).filter((s) => s !== undefined);
  const graded = rows.filter((s) => s.score !== null && !s.excused);
  const percents = graded.map((s) => (s.score! / assignment.pointsPossible) * 100).sort((a, b) => a - b);
  const middle = percents.length / 2;
  const median =
    percents.length % 2 === 1 ? percents[Math.floor(middle)]! : (percents[middle - 1]! + percents[middle]!) / 2;
  const criteria = (assignment.rubric?.criteria ?? []).map((criterion) => {
    const points = graded
      .map((s) => s.rubricAssessment?.[criterion.id]?.points)
      .filter((p): p is number => typeof p === 'number');
    return { id: criterion.id, share: points.reduce((a, b) => a + b, 0) / points.length / criterion.points };
  });
  return { graded: graded.length, excused: rows.filter((s) => s.excused).length, median, criteria };
}

describe('the Analytics tab', () => {
  it('computes each graded assignment from the demo Canvas in two rounds of requests', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    harness.canvas.requestLog.length = 0;
    const { status, body } = await get<CourseAnalytics>('/api/insights/courses/4201/analytics', teacher.headers);
    expect(status).toBe(200);

    const narrative = body.assignments.find((a) => a.name.startsWith('Personal Narrative'))!;
    const expected = expectedFigures(harness.canvas.state, narrative.id);
    expect(narrative.counts.graded).toBe(expected.graded);
    expect(narrative.counts.excused).toBe(expected.excused);
    expect(narrative.counts.missing).toBeGreaterThan(0);
    expect(narrative.counts.late).toBeGreaterThan(0);
    expect(narrative.distribution.median).toBeCloseTo(expected.median, 1);
    expect(narrative.distribution.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(expected.graded);
    expect(narrative.distribution.q1).toBeLessThanOrEqual(narrative.distribution.median);
    expect(narrative.distribution.q3).toBeGreaterThanOrEqual(narrative.distribution.median);
    for (const criterion of expected.criteria) {
      const figures = narrative.rubric!.criteria.find((c) => c.id === criterion.id)!;
      expect(figures.average_share).toBeCloseTo(criterion.share, 2);
      expect(figures.ratings.reduce((sum, rating) => sum + rating.count, 0)).toBe(figures.assessed);
    }

    // What to reteach: the weakest criteria, their most common rating and the next one up.
    const weakest = [...narrative.rubric!.criteria].sort((a, b) => a.average_share - b.average_share);
    expect(narrative.rubric!.reteach.map((item) => item.criterion_id)).toEqual(
      weakest.slice(0, narrative.rubric!.reteach.length).map((c) => c.id),
    );
    expect(narrative.rubric!.reteach.length).toBeGreaterThanOrEqual(2);
    for (const item of narrative.rubric!.reteach) {
      const criterion = narrative.rubric!.criteria.find((c) => c.id === item.criterion_id)!;
      const topCount = Math.max(...criterion.ratings.map((r) => r.count));
      expect(criterion.ratings.find((r) => r.description === item.most_common.description)!.count).toBe(topCount);
      if (item.next_up) expect(item.next_up.points).toBeGreaterThan(item.most_common.points);
    }

    // The trend follows due dates; the tab says why the others are not in it.
    const dueTimes = body.trend.filter((t) => t.due_at).map((t) => Date.parse(t.due_at!));
    expect(dueTimes).toEqual([...dueTimes].sort((a, b) => a - b));
    expect(body.left_out).toContainEqual(expect.objectContaining({ reason: 'not_yet_due' }));
    expect(body.without_rubric.length).toBeGreaterThan(0);

    const paths = harness.canvas.requestLog.map((entry) => entry.path);
    expect(paths.filter((p) => p.endsWith('/assignment_groups'))).toHaveLength(1);
    expect(paths.filter((p) => p.endsWith('/enrollments'))).toHaveLength(1);
    // One page per slice of assignments: no request per assignment, no page followed.
    const submissionRequests = harness.canvas.requestLog.filter((e) => e.path.endsWith('/students/submissions'));
    expect(submissionRequests.length).toBeLessThan(harness.canvas.state.assignmentsIn(4201).length);
    expect(submissionRequests.every((e) => !('page' in e.query))).toBe(true);
    expect(paths.some((p) => /\/assignments\/\d+\/submissions/.test(p))).toBe(false);
  });

  it('answers from memory for a minute, and reads Canvas again when asked', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    await get('/api/insights/courses/4201/analytics', teacher.headers);
    harness.canvas.requestLog.length = 0;
    await get('/api/insights/courses/4201/students', teacher.headers);
    expect(harness.canvas.requestLog.filter((e) => e.path.startsWith('/api/v1/courses'))).toHaveLength(0);
    await get('/api/insights/courses/4201/analytics?fresh=1', teacher.headers);
    expect(harness.canvas.requestLog.some((e) => e.path.endsWith('/assignment_groups'))).toBe(true);

    // Another teacher never gets the first one's reading.
    const other = await connectedTeacher(harness.app, harness.canvas);
    harness.canvas.requestLog.length = 0;
    await get('/api/insights/courses/4201/students', other.headers);
    expect(harness.canvas.requestLog.some((e) => e.path.endsWith('/enrollments'))).toBe(true);
  });

  it('filters by assignment group and due dates, and says what it left out and why', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const all = (await get<CourseAnalytics>('/api/insights/courses/4201/analytics', teacher.headers)).body;
    const quizzes = all.groups.find((g) => g.name === 'Quizzes')!;
    const byGroup = (
      await get<CourseAnalytics>(`/api/insights/courses/4201/analytics?group=${quizzes.id}`, teacher.headers)
    ).body;
    expect(byGroup.assignments.length).toBeGreaterThan(0);
    expect(byGroup.assignments.every((a) => a.group_id === quizzes.id)).toBe(true);
    expect(byGroup.left_out.filter((a) => a.reason === 'outside_filter').length).toBeGreaterThan(0);

    const narrative = all.assignments.find((a) => a.name.startsWith('Personal Narrative'))!;
    const day = narrative.due_at!.slice(0, 10);
    const byDate = (
      await get<CourseAnalytics>(`/api/insights/courses/4201/analytics?from=${day}&to=${day}`, teacher.headers)
    ).body;
    expect(byDate.assignments.map((a) => a.id)).toEqual([narrative.id]);
    expect(byDate.filter).toEqual({ group: null, from: day, to: day });

    const wrong = await harness.app.inject({
      method: 'GET',
      url: '/api/insights/courses/4201/analytics?from=2026-12-01&to=2026-11-01',
      headers: teacher.headers,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toContain('start date is after the end date');
  });

  it('has nothing to chart in a course without grades', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const { status, body } = await get<CourseAnalytics>('/api/insights/courses/4204/analytics', teacher.headers);
    expect(status).toBe(200);
    expect(body.assignments).toEqual([]);
    expect(body.trend).toEqual([]);
  });

  it('says a course is not found, and explains a Canvas outage', async () => {
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const missing = await harness.app.inject({
      method: 'GET',
      url: '/api/insights/courses/999999/analytics',
      headers: teacher.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect((await get('/api/insights/courses/abc/students', teacher.headers)).status).toBe(404);

    harness.canvas.faults.failNext(20, 500);
    const down = await harness.app.inject({
      method: 'GET',
      url: '/api/insights/courses/4202/analytics',
      headers: teacher.headers,
    });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.message).toMatch(/Canvas/);
    harness.canvas.faults.reset();
    // A failed reading is not kept: the next request reads Canvas again.
    expect((await get('/api/insights/courses/4202/analytics', teacher.headers)).status).toBe(200);
  });

  it('needs a signed-in teacher', async () => {
    const response = await harness.app.inject({ method: 'GET', url: '/api/insights/courses/4201/analytics' });
    expect(response.statusCode).toBe(401);
  });
});

describe('the Students tab', () => {
  it('lists every active student with her score, trend, counts and flag, names as Canvas spells them', async () => {
    const state = harness.canvas.state;
    const [firstId, secondId] = state.studentIdsIn(4202);
    const first = state.users.get(firstId!)!;
    const second = state.users.get(secondId!)!;
    first.name = "Zoë O'Connor-Núñez";
    first.sortableName = "O'Connor-Núñez, Zoë";
    second.name = 'Åsa Ødegård';
    second.sortableName = 'Ødegård, Åsa';

    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const { status, body } = await get<CourseStudents>('/api/insights/courses/4202/students', teacher.headers);
    expect(status).toBe(200);
    const active = state.enrollmentsInCourse(4202).filter((e) => e.type === 'student' && e.state === 'active');
    expect(body.students).toHaveLength(active.length);
    const zoe = body.students.find((s) => s.id === firstId)!;
    expect(zoe.name).toBe("Zoë O'Connor-Núñez");
    expect(body.students.find((s) => s.id === secondId)!.name).toBe('Åsa Ødegård');
    expect(zoe.canvas_url).toMatch(/\/courses\/4202\/users\/\d+$/);
    expect(zoe.trend.length).toBe(zoe.graded);
    const sortable = body.students.map((s) => s.sortable_name);
    expect(sortable).toEqual(
      [...sortable].sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare),
    );
  });

  it('flags a student whose last two graded assignments both fell 15 points below her earlier average', async () => {
    const state = harness.canvas.state;
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    const before = (await get<CourseStudents>('/api/insights/courses/4201/students', teacher.headers)).body;
    const student = before.students.find((s) => s.graded >= 2)!;
    // Full marks on every graded assignment, then the last two at half.
    const order = before.assignments.map((a) => a.id);
    order.forEach((assignmentId, index) => {
      const assignment = state.assignments.get(assignmentId)!;
      const submission = state.submissionOf(assignmentId, student.id)!;
      const isLastTwo = index >= order.length - 2;
      submission.excused = false;
      submission.score = assignment.pointsPossible * (isLastTwo ? 0.5 : 1);
      submission.grade = String(submission.score);
      submission.workflowState = 'graded';
    });
    const after = (await get<CourseStudents>('/api/insights/courses/4201/students?fresh=1', teacher.headers)).body;
    const flagged = after.students.find((s) => s.id === student.id)!;
    expect(flagged.flag).toEqual({ earlier_average: 100, last_two: [50, 50] });
  });

  it("opens one student's assignments with grades, statuses, the teacher's comments and links", async () => {
    const state = harness.canvas.state;
    const teacher = await connectedTeacher(harness.app, harness.canvas);
    // A student with work waiting to be graded on the argumentative essay, with a comment from the teacher.
    const essay = state.assignmentsIn(4201).find((a) => a.name.startsWith('Argumentative'))!;
    const waiting = state
      .studentIdsIn(4201)
      .map((id) => state.submissionOf(essay.id, id)!)
      .find((s) => s.submittedAt !== null && s.score === null)!;
    waiting.comments.push({
      id: 99999,
      authorId: state.teacherId,
      comment: "Your claim's strong — now cite the study.",
      createdAt: new Date().toISOString(),
      attempt: 1,
    });

    const { status, body } = await get<StudentRecord>(
      `/api/insights/courses/4201/students/${waiting.userId}`,
      teacher.headers,
    );
    expect(status).toBe(200);
    const row = body.assignments.find((a) => a.id === essay.id)!;
    expect(row.status).toBe('to_grade');
    expect(row.grade_path).toBe(`/courses/4201/assignments/${essay.id}/grade?student=${waiting.userId}`);
    expect(row.comments.map((c) => c.comment)).toContain("Your claim's strong — now cite the study.");
    expect(row.canvas_url).toMatch(new RegExp(`/courses/4201/assignments/${essay.id}$`));
    const graded = body.assignments.filter((a) => a.status === 'graded');
    expect(graded.every((a) => a.score !== null && a.grade_path === null)).toBe(true);
    expect(body.student.id).toBe(waiting.userId);

    const stranger = await harness.app.inject({
      method: 'GET',
      url: '/api/insights/courses/4201/students/1',
      headers: teacher.headers,
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('the flag rule', () => {
  it('needs both of the last two at least 15 points below the average before them', () => {
    expect(flagOf([90, 80, 70, 70])).toEqual({ earlier_average: 85, last_two: [70, 70] });
    expect(flagOf([90, 80, 71, 60])).toBeNull();
    expect(flagOf([90, 60])).toBeNull();
  });
});
