import type { CanvasStudentEnrollment } from '@/server/adapters/canvas';
import type { CourseStudents, StudentSummary } from '@/shared/schemas/insights';
import type { CourseSnapshot } from './read-course-snapshot';
import type { SnapshotAssignment } from './course-figures';
import { byDueDate, byStudentAssignments, countsForGrades, isAnonymized, isGraded, percentOf } from './course-figures';
import { mean, round1 } from './statistics';

/** Percentage points below her own earlier average that both of her last two grades must be. */
export const FLAG_DROP = 15;

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The graded assignments the trend lines follow: those with a grade for anyone, in due-date order,
 * but never one graded anonymously, whose grades belong to no student here.
 */
export function gradedAssignmentsOf(snapshot: CourseSnapshot): SnapshotAssignment[] {
  return byDueDate(byStudentAssignments(snapshot.assignments)).filter(
    (assignment) =>
      countsForGrades(assignment) &&
      [...(snapshot.submissions.get(assignment.id)?.values() ?? [])].some((submission) => isGraded(submission)),
  );
}

/** The Students tab: every active student with her current score, trend, missing and late counts, and the flag. */
export function computeCourseStudents(snapshot: CourseSnapshot): CourseStudents {
  const assignments = gradedAssignmentsOf(snapshot);
  return {
    course_id: snapshot.courseId,
    computed_at: snapshot.readAt.toISOString(),
    assignments: assignments.map((a) => ({ id: a.id, name: a.name, due_at: a.dueAt })),
    students: [...snapshot.students]
      .sort((a, b) => collator.compare(a.sortableName, b.sortableName) || a.userId - b.userId)
      .map((student) => studentSummary(snapshot, assignments, student)),
    anonymous_assignments: byDueDate(snapshot.assignments)
      .filter(isAnonymized)
      .map((assignment) => ({ id: assignment.id, name: assignment.name })),
  };
}

export function studentSummary(
  snapshot: CourseSnapshot,
  gradedAssignments: SnapshotAssignment[],
  student: CanvasStudentEnrollment,
): StudentSummary {
  const trend: StudentSummary['trend'] = [];
  for (const assignment of gradedAssignments) {
    const submission = snapshot.submissions.get(assignment.id)?.get(student.userId);
    if (isGraded(submission))
      trend.push({ assignment_id: assignment.id, percent: round1(percentOf(submission, assignment)) });
  }
  let missing = 0;
  let late = 0;
  for (const assignment of byStudentAssignments(snapshot.assignments)) {
    const submission = snapshot.submissions.get(assignment.id)?.get(student.userId);
    if (!submission || submission.excused) continue;
    if (submission.missing) missing += 1;
    if (submission.late) late += 1;
  }
  return {
    id: student.userId,
    name: student.name,
    sortable_name: student.sortableName,
    current_score: student.currentScore,
    trend,
    graded: trend.length,
    missing,
    late,
    flag: flagOf(trend.map((point) => point.percent)),
    canvas_url: student.htmlUrl ? snapshot.toPublicUrl(student.htmlUrl) : null,
  };
}

/**
 * The flag: her last two graded assignments (by due date) both at least FLAG_DROP points below
 * her own average on the ones before them. At least one earlier grade is needed.
 */
export function flagOf(percents: readonly number[]): StudentSummary['flag'] {
  if (percents.length < 3) return null;
  const earlier = percents.slice(0, -2);
  const [secondLast, last] = percents.slice(-2) as [number, number];
  const earlierAverage = mean(earlier);
  if (secondLast <= earlierAverage - FLAG_DROP && last <= earlierAverage - FLAG_DROP)
    return { earlier_average: round1(earlierAverage), last_two: [secondLast, last] };
  return null;
}
