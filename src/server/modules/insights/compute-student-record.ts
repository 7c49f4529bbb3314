import { AppError } from '@/server/core/app-error';
import type { CanvasSubmission } from '@/server/adapters/canvas';
import type { StudentRecord, StudentWorkStatus } from '@/shared/schemas/insights';
import type { CourseSnapshot } from './read-course-snapshot';
import { byDueDate, byStudentAssignments, type SnapshotAssignment } from './course-figures';
import { gradedAssignmentsOf, studentSummary } from './compute-course-students';

export const STUDENT_NOT_FOUND = 'This student is not in the course, or is no longer active in it.';

/**
 * One student's assignments with grade, date, status and the teacher's comments, newest due first;
 * an assignment graded anonymously is not among them (Canvas does not say which work is hers).
 */
export function computeStudentRecord(snapshot: CourseSnapshot, studentId: number, now: Date): StudentRecord {
  const student = snapshot.students.find((enrollment) => enrollment.userId === studentId);
  if (!student) throw new AppError('NOT_FOUND', STUDENT_NOT_FOUND);
  const assignments = byDueDate(byStudentAssignments(snapshot.assignments)).reverse();
  return {
    course_id: snapshot.courseId,
    student: studentSummary(snapshot, gradedAssignmentsOf(snapshot), student),
    assignments: assignments.map((assignment) => {
      const submission = snapshot.submissions.get(assignment.id)?.get(studentId);
      const status = statusOf(assignment, submission, now);
      return {
        id: assignment.id,
        name: assignment.name,
        due_at: assignment.dueAt,
        points_possible: assignment.pointsPossible,
        score: submission?.excused ? null : (submission?.score ?? null),
        grade: submission?.excused ? null : (submission?.grade ?? null),
        submitted_at: submission?.submittedAt ?? null,
        graded_at: submission?.gradedAt ?? null,
        status,
        late: Boolean(submission?.late && !submission.excused),
        comments: (submission?.comments ?? [])
          .filter((comment) => comment.authorId !== studentId)
          .map((comment) => ({
            author_name: comment.authorName,
            comment: comment.comment,
            created_at: comment.createdAt,
          })),
        grade_path: status === 'to_grade' ? gradePathOf(snapshot.courseId, assignment, studentId) : null,
        canvas_url: snapshot.toPublicUrl(assignment.htmlUrl),
      };
    }),
  };
}

function statusOf(
  assignment: SnapshotAssignment,
  submission: CanvasSubmission | undefined,
  now: Date,
): StudentWorkStatus {
  if (submission?.excused) return 'excused';
  const handedIn = submission?.submittedAt != null || submission?.workflowState === 'pending_review';
  const waiting =
    handedIn &&
    (submission?.workflowState === 'pending_review' ||
      submission?.score === null ||
      submission?.gradeMatchesCurrentSubmission === false);
  if (waiting) return 'to_grade';
  if (submission?.score !== null && submission?.score !== undefined) return 'graded';
  if (submission?.missing) return 'missing';
  if (assignment.dueAt !== null && Date.parse(assignment.dueAt) > now.getTime()) return 'not_yet_due';
  return 'not_submitted';
}

/** Margin's grading screen for this piece of work (quizzes and discussions have their own). */
function gradePathOf(courseId: number, assignment: SnapshotAssignment, studentId: number): string {
  if (assignment.quizId !== null) return `/courses/${courseId}/quizzes/${assignment.quizId}/grade?student=${studentId}`;
  if (assignment.discussionTopicId !== null)
    return `/courses/${courseId}/discussions/${assignment.discussionTopicId}/grade?student=${studentId}`;
  return `/courses/${courseId}/assignments/${assignment.id}/grade?student=${studentId}`;
}
