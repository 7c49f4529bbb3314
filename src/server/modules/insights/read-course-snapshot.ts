import { AppError, isAppError } from '@/server/core/app-error';
import type {
  CanvasAssignment,
  CanvasAssignmentGroup,
  CanvasStudentEnrollment,
  CanvasSubmission,
} from '@/server/adapters/canvas';
import type { TeacherCanvas } from '@/server/modules/canvas/canvas-access';
import { isAnonymousStudentKey } from '@/shared/anonymous-students';
import { isAnonymized } from './course-figures';

export const COURSE_NOT_FOUND = 'Course not found';

/** Submissions Canvas sends on one page; a request is sized to fit on one. */
const PAGE_SIZE = 100;

/** What the two tabs are computed from: read from Canvas, held in memory only. */
export interface CourseSnapshot {
  courseId: number;
  readAt: Date;
  groups: Array<Pick<CanvasAssignmentGroup, 'id' | 'name' | 'position'>>;
  /** Published assignments with the id of their group. */
  assignments: Array<CanvasAssignment & { groupId: number }>;
  students: CanvasStudentEnrollment[];
  /**
   * By assignment id, then student id; active students only. An assignment graded anonymously has
   * its rows under their anonymous keys (negative, decision 067): counted for the class, never
   * matched to a student.
   */
  submissions: Map<number, Map<number, CanvasSubmission>>;
  toPublicUrl(url: string): string;
}

/**
 * Two sequential rounds of Canvas requests: the assignment groups (with their assignments and
 * rubrics) beside the active students, then the submissions of every student, asked in parallel
 * by slices of assignments small enough for one page each (`students/submissions` pages by
 * bookmark, so pages of one list cannot be asked at once). The Canvas client holds six requests
 * in flight, so a 40 × 30 course takes four rounds in all.
 */
export async function readCourseSnapshot(canvas: TeacherCanvas, courseId: number): Promise<CourseSnapshot> {
  try {
    const [groups, students] = await Promise.all([
      canvas.client.listAssignmentGroups(courseId),
      canvas.client.listStudentEnrollments(courseId),
    ]);
    const assignments = groups
      .flatMap((group) => group.assignments.map((assignment) => ({ ...assignment, groupId: group.id })))
      .filter((assignment) => assignment.published);
    const studentIds = new Set(students.map((student) => student.userId));
    const submissions = new Map<number, Map<number, CanvasSubmission>>();
    if (studentIds.size > 0 && assignments.length > 0) {
      const perRequest = Math.max(1, Math.floor(PAGE_SIZE / studentIds.size));
      const slices: number[][] = [];
      for (let index = 0; index < assignments.length; index += perRequest)
        slices.push(assignments.slice(index, index + perRequest).map((assignment) => assignment.id));
      const lists = await Promise.all(
        slices.map((assignmentIds) =>
          canvas.client.listStudentSubmissions(courseId, { studentIds: 'all', assignmentIds, withComments: true }),
        ),
      );
      const anonymized = new Set(assignments.filter(isAnonymized).map((assignment) => assignment.id));
      for (const submission of lists.flat()) {
        const isClassRow = anonymized.has(submission.assignmentId) && isAnonymousStudentKey(submission.userId);
        if (!studentIds.has(submission.userId) && !isClassRow) continue;
        let byStudent = submissions.get(submission.assignmentId);
        if (!byStudent) submissions.set(submission.assignmentId, (byStudent = new Map()));
        byStudent.set(submission.userId, submission);
      }
    }
    return {
      courseId,
      readAt: new Date(),
      groups: groups.map(({ id, name, position }) => ({ id, name, position })),
      assignments,
      students,
      submissions,
      toPublicUrl: canvas.toPublicUrl,
    };
  } catch (error) {
    if (isAppError(error) && error.code === 'CANVAS_NOT_FOUND')
      throw new AppError('NOT_FOUND', COURSE_NOT_FOUND, { cause: error });
    throw error;
  }
}
