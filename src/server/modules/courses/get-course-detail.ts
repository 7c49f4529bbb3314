import { AppError, isAppError } from '@/server/core/app-error';
import type { CourseDetail } from '@/shared/schemas/canvas';
import type { TeacherCanvas } from '@/server/modules/canvas/canvas-access';
import { toAssignmentSummary, toCourseSummary, toDiscussionSummary, toQuizSummary } from './to-summaries';

export const COURSE_NOT_FOUND = 'Course not found';

/** A Canvas course id is a positive whole number; anything else names no course (404, not a validator's sentence). */
export function parseCourseId(text: string): number {
  if (!/^[1-9]\d{0,15}$/.test(text) || !Number.isSafeInteger(Number(text)))
    throw new AppError('NOT_FOUND', COURSE_NOT_FOUND);
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
    if (isAppError(error) && error.code === 'CANVAS_NOT_FOUND')
      throw new AppError('NOT_FOUND', COURSE_NOT_FOUND, { cause: error });
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
