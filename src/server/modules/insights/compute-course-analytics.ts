import type { CanvasRubricCriterion, CanvasSubmission } from '@/server/adapters/canvas';
import type {
  AnalyticsQuery,
  AssignmentFigures,
  CourseAnalytics,
  CriterionFigures,
  LeftOutReason,
  ReteachItem,
} from '@/shared/schemas/insights';
import type { CourseSnapshot } from './read-course-snapshot';
import {
  byDueDate,
  countsForGrades,
  isGraded,
  percentOf,
  ratingOf,
  submissionsOf,
  type SnapshotAssignment,
} from './course-figures';
import { distributionOf, mean, round1 } from './statistics';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The Analytics tab: for each graded assignment in the chosen group and due-date range, the
 * distribution of scores and the counts; the trend of class medians; and, where the rubric was
 * filled in, each criterion's class average, the share at each rating and what to reteach.
 */
export function computeCourseAnalytics(snapshot: CourseSnapshot, query: AnalyticsQuery, now: Date): CourseAnalytics {
  const fromMs = query.from ? Date.parse(`${query.from}T00:00:00Z`) : null;
  const toMs = query.to ? Date.parse(`${query.to}T00:00:00Z`) + DAY_MS : null;
  const left: CourseAnalytics['left_out'] = [];
  const used: AssignmentFigures[] = [];
  const withoutRubric: CourseAnalytics['without_rubric'] = [];

  for (const assignment of byDueDate(snapshot.assignments)) {
    const reason = reasonLeftOut(snapshot, assignment, query, fromMs, toMs, now);
    if (reason) {
      left.push({ id: assignment.id, name: assignment.name, reason });
      continue;
    }
    const figures = assignmentFigures(snapshot, assignment);
    if (figures.rubric === null) withoutRubric.push({ id: assignment.id, name: assignment.name });
    used.push(figures);
  }

  return {
    course_id: snapshot.courseId,
    computed_at: snapshot.readAt.toISOString(),
    groups: [...snapshot.groups].sort((a, b) => a.position - b.position).map(({ id, name }) => ({ id, name })),
    filter: { group: query.group ?? null, from: query.from ?? null, to: query.to ?? null },
    assignments: used,
    left_out: left,
    without_rubric: withoutRubric,
    trend: used.map((figures) => ({
      assignment_id: figures.id,
      name: figures.name,
      due_at: figures.due_at,
      median: figures.distribution.median,
    })),
  };
}

function reasonLeftOut(
  snapshot: CourseSnapshot,
  assignment: SnapshotAssignment,
  query: AnalyticsQuery,
  fromMs: number | null,
  toMs: number | null,
  now: Date,
): LeftOutReason | null {
  if (!countsForGrades(assignment)) return 'not_graded';
  if (query.group !== undefined && assignment.groupId !== query.group) return 'outside_filter';
  if (fromMs !== null || toMs !== null) {
    const dueMs = assignment.dueAt === null ? null : Date.parse(assignment.dueAt);
    if (dueMs === null || (fromMs !== null && dueMs < fromMs) || (toMs !== null && dueMs >= toMs))
      return 'outside_filter';
  }
  const hasGrades = submissionsOf(snapshot, assignment.id).some(isGraded);
  if (hasGrades) return null;
  if (assignment.dueAt !== null && Date.parse(assignment.dueAt) > now.getTime()) return 'not_yet_due';
  return 'ungraded';
}

function assignmentFigures(snapshot: CourseSnapshot, assignment: SnapshotAssignment): AssignmentFigures {
  const submissions = submissionsOf(snapshot, assignment.id);
  const graded = submissions.filter(isGraded);
  const percents = graded.map((submission) => percentOf(submission, assignment));
  return {
    id: assignment.id,
    name: assignment.name,
    due_at: assignment.dueAt,
    points_possible: assignment.pointsPossible ?? 0,
    group_id: assignment.groupId,
    html_url: snapshot.toPublicUrl(assignment.htmlUrl),
    counts: {
      students: snapshot.students.length,
      graded: graded.length,
      missing: submissions.filter((s) => s.missing && !s.excused).length,
      late: submissions.filter((s) => s.late && !s.excused).length,
      excused: submissions.filter((s) => s.excused).length,
    },
    distribution: distributionOf(percents),
    rubric: rubricFigures(assignment.rubric, graded),
  };
}

function rubricFigures(
  rubric: CanvasRubricCriterion[] | null,
  graded: CanvasSubmission[],
): AssignmentFigures['rubric'] {
  if (!rubric || rubric.length === 0) return null;
  const assessedSubmissions = graded.filter(
    (submission) => submission.rubricAssessment && Object.keys(submission.rubricAssessment).length > 0,
  );
  if (assessedSubmissions.length === 0) return null;
  const criteria = rubric.map((criterion) => criterionFigures(criterion, assessedSubmissions));
  return {
    assessed: assessedSubmissions.length,
    criteria,
    reteach: whatToReteach(rubric, criteria),
  };
}

function criterionFigures(criterion: CanvasRubricCriterion, submissions: CanvasSubmission[]): CriterionFigures {
  const entries = submissions
    .map((submission) => submission.rubricAssessment?.[criterion.id])
    .filter((entry) => entry !== undefined && (entry.points !== null || entry.ratingId !== null));
  const points = entries.map(
    (entry) => entry?.points ?? ratingOf(criterion, entry ?? { ratingId: null, points: null })?.points ?? 0,
  );
  const counts = new Map<string, number>();
  for (const entry of entries) {
    const rating = entry ? ratingOf(criterion, entry) : undefined;
    if (rating) counts.set(rating.id, (counts.get(rating.id) ?? 0) + 1);
  }
  const average = mean(points);
  return {
    id: criterion.id,
    description: criterion.description,
    points: criterion.points,
    assessed: entries.length,
    average_points: round1(average),
    average_share: criterion.points > 0 ? Math.round((average / criterion.points) * 1000) / 1000 : 0,
    ratings: [...criterion.ratings]
      .sort((a, b) => b.points - a.points)
      .map((rating) => {
        const count = counts.get(rating.id) ?? 0;
        return {
          id: rating.id,
          description: rating.description,
          points: rating.points,
          count,
          share: entries.length > 0 ? Math.round((count / entries.length) * 1000) / 1000 : 0,
        };
      }),
  };
}

/**
 * The weakest criteria relative to the rubric (lowest class average as a share of the points):
 * three when the rubric has five criteria or more, else two (one for a one-criterion rubric), and
 * only criteria below full marks. Ties go to the criterion listed first.
 */
function whatToReteach(rubric: CanvasRubricCriterion[], criteria: CriterionFigures[]): ReteachItem[] {
  const howMany = criteria.length >= 5 ? 3 : Math.min(2, criteria.length);
  return criteria
    .map((figures, index) => ({ figures, index }))
    .filter(({ figures }) => figures.assessed > 0 && figures.average_share < 1)
    .sort((a, b) => a.figures.average_share - b.figures.average_share || a.index - b.index)
    .slice(0, howMany)
    .flatMap(({ figures, index }) => {
      const criterion = rubric[index];
      // The most common rating; a tie goes to the lower one, the one to teach from.
      const mostCommon = [...figures.ratings].sort((a, b) => b.count - a.count || a.points - b.points)[0];
      if (!criterion || !mostCommon || mostCommon.count === 0) return [];
      const nextUp = [...criterion.ratings]
        .filter((rating) => rating.points > mostCommon.points)
        .sort((a, b) => a.points - b.points)[0];
      return [
        {
          criterion_id: figures.id,
          description: figures.description,
          average_share: figures.average_share,
          most_common: { description: mostCommon.description, points: mostCommon.points, share: mostCommon.share },
          next_up: nextUp
            ? { description: nextUp.description, long_description: nextUp.longDescription, points: nextUp.points }
            : null,
        },
      ];
    });
}
