import type { CourseSummary } from '@/shared/schemas/canvas';
import type { TeacherCanvas } from '@/server/modules/canvas/canvas-access';
import { toCourseSummary } from './to-summaries';

/** One paginated Canvas request with include[] gives every course and its counts. */
export async function listCourses(canvas: TeacherCanvas): Promise<CourseSummary[]> {
  const courses = await canvas.client.listCourses();
  return courses.map((course) => toCourseSummary(course, canvas.toPublicUrl));
}
