import type { CourseDetail } from '@/shared/schemas/canvas';
import type { TeacherCanvas } from '@/server/modules/canvas/canvas-access';
import { toAssignmentSummary, toCourseSummary, toDiscussionSummary, toQuizSummary } from './to-summaries';

/** The course and its three lists, asked of Canvas in one parallel round. */
export async function getCourseDetail(canvas: TeacherCanvas, courseId: number): Promise<CourseDetail> {
  const [course, assignments, discussions, quizzes] = await Promise.all([
    canvas.client.getCourse(courseId),
    canvas.client.listAssignments(courseId),
    canvas.client.listDiscussionTopics(courseId),
    canvas.client.listQuizzes(courseId),
  ]);
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
