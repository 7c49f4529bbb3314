import type {
  CanvasAssignment,
  CanvasRubricCriterion,
  CanvasRubricRating,
  CanvasSubmission,
} from '@/server/adapters/canvas';
import type { CourseSnapshot } from './read-course-snapshot';

export type SnapshotAssignment = CourseSnapshot['assignments'][number];

/** An assignment the gradebook counts: it has points and a grading type that gives a score. */
export function countsForGrades(assignment: CanvasAssignment): boolean {
  return assignment.gradingType !== 'not_graded' && (assignment.pointsPossible ?? 0) > 0;
}

/**
 * An assignment whose students Canvas hides from graders (decision 067): its submissions carry
 * anonymous ids only, so its work belongs to the class's figures and to no student.
 */
export function isAnonymized(assignment: Pick<CanvasAssignment, 'anonymizeStudents'>): boolean {
  return assignment.anonymizeStudents === true;
}

/** The assignments a student's row and record are made of: every one but those graded anonymously. */
export function byStudentAssignments<T extends Pick<CanvasAssignment, 'anonymizeStudents'>>(
  assignments: readonly T[],
): T[] {
  return assignments.filter((assignment) => !isAnonymized(assignment));
}

/** A grade the teacher gave: a score, not excused. */
export function isGraded(submission: CanvasSubmission | undefined): submission is CanvasSubmission & { score: number } {
  return submission !== undefined && submission.score !== null && !submission.excused;
}

export function percentOf(submission: { score: number }, assignment: CanvasAssignment): number {
  return (submission.score / (assignment.pointsPossible ?? 1)) * 100;
}

/** Due-date order; undated assignments after the dated ones, in Canvas's order. */
export function byDueDate<T extends { dueAt: string | null }>(items: readonly T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => {
      if (a.item.dueAt === null || b.item.dueAt === null)
        return (a.item.dueAt === null ? 1 : 0) - (b.item.dueAt === null ? 1 : 0) || a.index - b.index;
      return Date.parse(a.item.dueAt) - Date.parse(b.item.dueAt) || a.index - b.index;
    })
    .map(({ item }) => item);
}

export function submissionsOf(snapshot: CourseSnapshot, assignmentId: number): CanvasSubmission[] {
  return [...(snapshot.submissions.get(assignmentId)?.values() ?? [])];
}

/** The rating a rubric entry stands at: its rating id, else the highest rating at or below its points. */
export function ratingOf(
  criterion: CanvasRubricCriterion,
  entry: { ratingId: string | null; points: number | null },
): CanvasRubricRating | undefined {
  const byId = entry.ratingId === null ? undefined : criterion.ratings.find((rating) => rating.id === entry.ratingId);
  if (byId || entry.points === null) return byId;
  const points = entry.points;
  return [...criterion.ratings].sort((a, b) => b.points - a.points).find((rating) => rating.points <= points);
}
