import type { NeedsGradingItem } from '@/shared/schemas/canvas';
import type { TeacherCanvas } from '@/server/modules/canvas/canvas-access';

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
        .map((assignment): NeedsGradingItem => ({
          id: assignment.id,
          name: assignment.name,
          course_id: course.id,
          course_name: course.name,
          course_code: course.courseCode || null,
          due_at: assignment.dueAt,
          points_possible: assignment.pointsPossible,
          needs_grading_count: assignment.needsGradingCount ?? 0,
          html_url: canvas.toPublicUrl(assignment.htmlUrl),
          discussion_topic_id: assignment.discussionTopicId,
          quiz_id: assignment.quizId,
        }));
    }),
  );
  return perCourse.flat();
}
