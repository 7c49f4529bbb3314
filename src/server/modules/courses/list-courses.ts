import { AppError, isAppError } from '@/server/core/app-error';
import type { CourseDetail, CourseSummary, NeedsGradingItem } from '@/shared/schemas/canvas';
import type { TeacherCanvas } from '@/server/modules/canvas/canvas-access';
import { toAssignmentSummary, toCourseSummary, toDiscussionSummary, toQuizSummary } from './to-summaries';

/** One paginated Canvas request with include[] gives every course and its counts. */
export async function listCourses(canvas: TeacherCanvas): Promise<CourseSummary[]> {
  const courses = await canvas.client.listCourses();
  return courses.map((course) => toCourseSummary(course, canvas.toPublicUrl));
}

export const COURSE_NOT_FOUND = 'Course not found';

/** A Canvas course id is a positive whole number; anything else names no course (404, not a validator's sentence). */
export function parseCourseId(text: string): number {
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text))) throw new AppError('NOT_FOUND', COURSE_NOT_FOUND);
  return Number(text);
}

/**
 * The course and its three lists, asked of Canvas in one parallel round. A course Canvas does not
 * know (or no longer shows this teacher) is a 404 at once: not a Canvas failure, nothing to retry.
 */
export async function getCourseDetail(canvas: TeacherCanvas, courseId: number): Promise<CourseDetail> {
  const [course, assignments, discussions, quizzes] = await Promise.all([
    canvas.client.getCourse(courseId),
    canvas.client.listAssignments(courseId),
    canvas.client.listDiscussionTopics(courseId),
    canvas.client.listQuizzes(courseId),
  ]).catch((error: unknown) => {
    if (isAppError(error) && error.code === 'CANVAS_NOT_FOUND') throw new AppError('NOT_FOUND', COURSE_NOT_FOUND, { cause: error });
    throw error;
  });
  return {
    course: toCourseSummary(course, canvas.toPublicUrl),
    // Graded discussions and classic quizzes are assignments in Canvas too; their own tabs list them.
    assignments: assignments
      .filter((assignment) => assignment.quizId === null && assignment.discussionTopicId === null)
      .map((assignment) => toAssignmentSummary(assignment, canvas.toPublicUrl)),
    discussions: discussions.map((topic) => toDiscussionSummary(topic, canvas.toPublicUrl)),
    quizzes: quizzes.map((quiz) => toQuizSummary(quiz, canvas.toPublicUrl)),
  };
}

/**
 * Assignments with work to grade across all courses: the course list first (one round), then only
 * the courses that have something to grade, in parallel, each asking for the `ungraded` bucket.
 */
export async function listNeedsGrading(canvas: TeacherCanvas): Promise<NeedsGradingItem[]> {
  const courses = (await canvas.client.listCourses()).filter((course) => (course.needsGradingCount ?? 0) > 0);
  const perCourse = await Promise.all(
    courses.map(async (course) => {
      const assignments = await canvas.client.listAssignments(course.id, { bucket: 'ungraded' });
      return assignments
        .filter((assignment) => (assignment.needsGradingCount ?? 0) > 0)
        .map(
          (assignment): NeedsGradingItem => ({
            id: assignment.id,
            name: assignment.name,
            course_id: course.id,
            course_name: course.name,
            course_code: course.courseCode || null,
            due_at: assignment.dueAt,
            points_possible: assignment.pointsPossible,
            needs_grading_count: assignment.needsGradingCount ?? 0,
            html_url: canvas.toPublicUrl(assignment.htmlUrl),
          }),
        );
    }),
  );
  return perCourse.flat();
}
