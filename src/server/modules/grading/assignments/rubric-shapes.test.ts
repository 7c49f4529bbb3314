import { describe, expect, it } from 'vitest';
import type { AssignmentGradingView, GradingSubmission } from '@/shared/schemas/grading';
import type { GradingDraft, RubricCriterion } from '@/shared/schemas/ai';
import { ratingForPoints } from '@/shared/rubric-shapes';
import { RUBRIC_SHAPE_ASSIGNMENTS } from '@/server/demo-canvas/seed/rubric-shapes-seed';
import { useGradingHarness, type Teacher } from '@/server/test/grading-harness';

const grading = useGradingHarness();
const COURSE = 4201;

const isWaiting = (submission: GradingSubmission) =>
  submission.workflow_state === 'submitted' && !submission.id.startsWith('placeholder');

/** The demo assignment carrying one rubric shape, as the grading screen reads it. */
async function shape(teacher: Teacher, name: string) {
  const assignment = [...grading.canvas.state.assignments.values()].find(
    (candidate) => candidate.courseId === COURSE && candidate.name === name,
  );
  expect(assignment, name).toBeDefined();
  const base = `/api/grading/courses/${COURSE}/assignments/${assignment!.id}`;
  const response = await grading.app.inject({ method: 'GET', url: base, headers: teacher.headers });
  expect(response.statusCode, response.body).toBe(200);
  const view = response.json<AssignmentGradingView>();
  return { base, view, assignmentId: assignment!.id, rubric: view.assignment.rubric! };
}

async function draft(teacher: Teacher, base: string, userId: number): Promise<GradingDraft> {
  const response = await grading.app.inject({
    method: 'POST',
    url: `${base}/drafts`,
    headers: teacher.headers,
    payload: { userId, options: { mode: 'summative', useRubric: true, customInstructions: null } },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ draft: GradingDraft }>().draft;
}

async function save(
  teacher: Teacher,
  base: string,
  student: GradingSubmission,
  grade: number,
  rubricAssessment: Array<{ criterionId: string; points: number; comments: string }>,
) {
  return grading.app.inject({
    method: 'PUT',
    url: `${base}/grades/${student.user_id}`,
    headers: teacher.headers,
    payload: { submissionId: student.id, grade, comment: '', rubricAssessment },
  });
}

/** What Canvas holds for the student's rubric, read straight from the demo Canvas. */
function inCanvas(assignmentId: number, userId: number) {
  const submission = grading.canvas.state.submissionOf(assignmentId, userId);
  return { assessment: submission?.rubricAssessment ?? null, score: submission?.score ?? null };
}

const sumOf = (items: Array<{ points: number }>) => items.reduce((total, item) => total + item.points, 0);

describe('every kind of Canvas rubric', () => {
  it('range ratings: the draft lands inside a range, and a save names the rating whose range holds the points', async () => {
    const teacher = await grading.teacher();
    const { base, view, rubric, assignmentId } = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.range);
    expect(rubric.every((criterion) => criterion.use_range)).toBe(true);
    const student = view.submissions.find(isWaiting)!;
    const drafted = await draft(teacher, base, student.user_id);
    for (const item of drafted.rubricAssessment!) {
      const criterion = rubric.find((candidate) => candidate.id === item.criterionId)!;
      expect(ratingForPoints(criterion, item.points), criterion.description).not.toBeNull();
    }
    // Points inside the top rating's range, not on any rating's own points.
    const criterion = rubric[0]!;
    const [top, next] = [...criterion.ratings].sort((a, b) => b.points - a.points);
    const inside = (top!.points + next!.points) / 2;
    expect(criterion.ratings.some((rating) => rating.points === inside)).toBe(false);
    const rest = rubric.slice(1).map((item) => ({ criterionId: item.id, points: 0, comments: '' }));
    const assessment = [{ criterionId: criterion.id, points: inside, comments: 'Inside the range' }, ...rest];
    const response = await save(teacher, base, student, sumOf(assessment), assessment);
    expect(response.statusCode, response.body).toBe(200);
    expect(inCanvas(assignmentId, student.user_id).assessment?.[criterion.id]).toMatchObject({
      points: inside,
      ratingId: top!.id,
    });
  });

  it('free-form comment rubrics: the setting reaches the screen and each criterion keeps its own comment', async () => {
    const teacher = await grading.teacher();
    const { base, view, rubric, assignmentId } = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.freeForm);
    expect(view.assignment.rubric_settings).toMatchObject({ free_form_criterion_comments: true, hide_points: false });
    const student = view.submissions.find(isWaiting)!;
    const assessment = rubric.map((criterion, index) => ({
      criterionId: criterion.id,
      points: criterion.ratings[1]!.points,
      comments: `Zoë's point ${index + 1}: "l'été" — a comment of her own`,
    }));
    const response = await save(teacher, base, student, sumOf(assessment), assessment);
    expect(response.statusCode, response.body).toBe(200);
    const stored = inCanvas(assignmentId, student.user_id).assessment!;
    for (const item of assessment) expect(stored[item.criterionId]?.comments).toBe(item.comments);
  });

  it('a criterion that does not count: drafted and saved, but left out of the grade', async () => {
    const teacher = await grading.teacher();
    const { base, view, rubric, assignmentId } = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.notCounted);
    const ignored = rubric.filter((criterion) => criterion.ignore_for_scoring);
    expect(ignored).toHaveLength(1);
    const counted = rubric.filter((criterion) => !criterion.ignore_for_scoring);
    expect(view.assignment.points_possible).toBe(sumOf(counted));
    const student = view.submissions.find(isWaiting)!;
    const drafted = await draft(teacher, base, student.user_id);
    const countedIds = new Set(counted.map((criterion) => criterion.id));
    const countedSum = sumOf(drafted.rubricAssessment!.filter((item) => countedIds.has(item.criterionId)));
    expect(drafted.rubricAssessment).toHaveLength(rubric.length);
    expect(drafted.grade).toBe(countedSum);

    const assessment = rubric.map((criterion) => ({
      criterionId: criterion.id,
      points: criterion.points,
      comments: '',
    }));
    const grade = sumOf(assessment.filter((item) => countedIds.has(item.criterionId)));
    const response = await save(teacher, base, student, grade, assessment);
    expect(response.statusCode, response.body).toBe(200);
    const stored = inCanvas(assignmentId, student.user_id);
    expect(stored.score).toBe(grade);
    expect(stored.assessment?.[ignored[0]!.id]?.points).toBe(ignored[0]!.points);
  });

  it('hidden points: the screen knows students see the rubric without points', async () => {
    const teacher = await grading.teacher();
    const { view } = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.hiddenPoints);
    expect(view.assignment.rubric_settings).toMatchObject({ hide_points: true });
  });

  it('criteria linked to learning outcomes carry the outcome and its mastery points', async () => {
    const teacher = await grading.teacher();
    const { rubric } = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.outcomes);
    const linked = rubric.filter((criterion) => criterion.outcome_id);
    expect(linked).toHaveLength(2);
    for (const criterion of linked) {
      const outcome = grading.canvas.state.outcomes.get(criterion.outcome_id!)!;
      expect(criterion.mastery_points).toBe(outcome.masteryPoints);
      expect(criterion.mastery_points!).toBeLessThanOrEqual(criterion.points);
    }
    expect(rubric.filter((criterion) => !criterion.outcome_id).every((c) => c.mastery_points === undefined)).toBe(true);
  });

  it('points between ratings: read from the teacher’s grading, and saved without a rating', async () => {
    const teacher = await grading.teacher();
    const { base, view, rubric, assignmentId } = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.betweenRatings);
    const first = rubric[0]!;
    const between = (criterion: RubricCriterion, points: number | null) =>
      points !== null && !criterion.ratings.some((rating) => rating.points === points);
    // The teacher's own grading has points no rating names, and the screen reads them as they are.
    expect(
      view.submissions.some((submission) => between(first, submission.rubric_assessment?.[first.id]?.points ?? null)),
    ).toBe(true);
    const student = view.submissions.find(isWaiting)!;
    const points = first.ratings[0]!.points - 0.5;
    expect(between(first, points)).toBe(true);
    const assessment = [{ criterionId: first.id, points, comments: '' }];
    const response = await save(teacher, base, student, points, assessment);
    expect(response.statusCode, response.body).toBe(200);
    expect(inCanvas(assignmentId, student.user_id).assessment?.[first.id]).toMatchObject({ points, ratingId: null });
  });

  it('a rubric shared by two assignments: each keeps its own assessments', async () => {
    const teacher = await grading.teacher();
    const one = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.sharedFirst);
    const two = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.sharedSecond);
    expect(one.rubric.map((criterion) => criterion.id)).toEqual(two.rubric.map((criterion) => criterion.id));
    const student = one.view.submissions.find(isWaiting)!;
    const before = structuredClone(inCanvas(two.assignmentId, student.user_id).assessment);
    const assessment = one.rubric.map((criterion) => ({
      criterionId: criterion.id,
      points: criterion.ratings[0]!.points,
      comments: 'Shared rubric',
    }));
    const response = await save(teacher, one.base, student, sumOf(assessment), assessment);
    expect(response.statusCode, response.body).toBe(200);
    expect(inCanvas(one.assignmentId, student.user_id).assessment?.[one.rubric[0]!.id]?.comments).toBe('Shared rubric');
    expect(inCanvas(two.assignmentId, student.user_id).assessment).toEqual(before);
  });

  it('refuses a criterion the rubric does not have, before anything is written or paid', async () => {
    const teacher = await grading.teacher();
    const { base, view, assignmentId } = await shape(teacher, RUBRIC_SHAPE_ASSIGNMENTS.freeForm);
    const student = view.submissions.find(isWaiting)!;
    const response = await save(teacher, base, student, 5, [{ criterionId: '_gone', points: 5, comments: '' }]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/rubric changed in Canvas/);
    expect(inCanvas(assignmentId, student.user_id).score).toBeNull();
    expect((await grading.usageOf(teacher)).submissions_used).toBe(0);
  });
});
