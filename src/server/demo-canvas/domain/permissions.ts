import type { DemoCourse, DemoEnrollment } from '../model';
import type { DemoCanvasState } from '../state';
import { notFound, unauthorizedAction } from '../http/canvas-errors';

/** What the caller may do in one course, derived from their enrollments as Canvas's roles do. */
export interface CourseAccess {
  course: DemoCourse;
  enrollments: DemoEnrollment[];
  /** An active teacher or TA enrollment in a course that has not concluded. */
  isParticipatingInstructor: boolean;
  /** `manage_grades`: grade and comment. Lost when the course concludes. */
  canManageGrades: boolean;
  /** `view_all_grades`: read every student's submissions. */
  canViewAllGrades: boolean;
  /** Edit course content such as quizzes (needed to read quiz questions). */
  canManageContent: boolean;
}

export function courseAccess(state: DemoCanvasState, userId: number, courseId: number): CourseAccess {
  const course = state.courses.get(courseId);
  if (!course) throw notFound();
  const enrollments = state.enrollmentsInCourse(courseId).filter((e) => e.userId === userId);
  // Canvas checks the course before anything inside it, so a stranger gets 403 even for a missing child.
  if (enrollments.length === 0) throw unauthorizedAction();
  const isOpen = course.workflowState !== 'completed';
  const instructor = enrollments.filter((e) => e.type === 'teacher' || e.type === 'ta');
  const isParticipatingInstructor = isOpen && instructor.some((e) => e.state === 'active');
  const grades = instructor.filter((e) => e.canManageGrades);
  return {
    course,
    enrollments,
    isParticipatingInstructor,
    canManageGrades: isOpen && grades.some((e) => e.state === 'active'),
    canViewAllGrades: grades.length > 0,
    canManageContent: isOpen && grades.some((e) => e.state === 'active'),
  };
}

export function requireAccess(allowed: boolean): void {
  if (!allowed) throw unauthorizedAction();
}
