import { withAiLine } from '@/shared/ai-line';
import { isPlaceholderSubmission, type SaveGradeRequest, type SaveGradeResponse } from '@/shared/schemas/grading';
import { AppError } from '@/server/core/app-error';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { saveApprovedGrade } from '../kernel/save-approved-grade';
import { keepComment } from './keep-comment';
import { recentClass, rememberSavedGrade } from './load-assignment';
import { noteDrift } from './note-drift';
import { gradeWriteFor } from '../kernel/save-grade';
import { teacherAiLine } from '../kernel/teacher-ai-line';
import { anonymousLabelsOf, toGradingSubmission } from '../kernel/to-grading-view';
import { isAnonymousStudentKey } from '@/shared/anonymous-students';
import type { CanvasAssignment, CanvasSubmission } from '@/server/adapters/canvas';

/**
 * Saves the grade the teacher approved for one student's submission: in the assignment's own
 * grading type, one credit, grade, comment and rubric in one PUT, read back (saveApprovedGrade).
 */
export async function saveAssignmentGrade(
  deps: Pick<
    GradingDependencies,
    | 'canvas'
    | 'drafts'
    | 'usage'
    | 'audit'
    | 'saves'
    | 'preferences'
    | 'institutionAddsAiLine'
    | 'driftCheck'
    | 'commentBank'
  >,
  teacher: { id: string; email: string },
  target: { courseId: number; assignmentId: number; userId: number },
  request: SaveGradeRequest,
): Promise<SaveGradeResponse> {
  const { submissionId, ...approved } = request;
  if (isPlaceholderSubmission(submissionId)) {
    throw new AppError('VALIDATION', "Cannot grade students who haven't submitted anything yet");
  }
  const { client } = await deps.canvas.clientFor(teacher.id);
  const isAnonymous = isAnonymousStudentKey(target.userId);
  // The comment as it goes to Canvas, and as it is read back: with her AI line when she chose one.
  const aiLine = await teacherAiLine(deps, teacher.id);
  const comment = withAiLine(approved.comment, aiLine);
  const { result, usage, isPaidEarlier } = await saveApprovedGrade(deps, teacher, {
    target: { kind: 'assignment', courseId: target.courseId, assignmentId: target.assignmentId },
    settles: [target.userId],
    subject: String(target.userId),
    rubricAssessment: approved.rubricAssessment,
    prepare: (rubricAssessment, previous) =>
      gradeWriteFor(client, target, { ...approved, comment, rubricAssessment }, { previous }),
    // Undo deletes or edits the comment, which Canvas allows by user id only: none on an anonymous student.
    remember: ({ commentId, undo }) => ({ commentId, undo: isAnonymous ? null : undo }),
  });
  rememberSavedGrade(teacher.id, target, result.submission);
  // After Canvas stored the grade, from the class as last read (with this grade in it): the drift
  // note and the comment bank, neither of which ever holds a save back.
  const loadClass = () => recentClass(client, teacher.id, target);
  const savedGrade = result.submission.score === null ? null : approved.grade;
  const [drift, , label] = await Promise.all([
    noteDrift(deps, teacher.id, loadClass, target, savedGrade),
    keepComment(deps, teacher.id, loadClass, target, approved.comment, aiLine),
    isAnonymous ? anonymousLabelOf(loadClass, target.userId) : Promise.resolve(undefined),
  ]);
  return {
    submission: toGradingSubmission(result.submission, label),
    usage,
    stored: result.stored,
    isPaidEarlier,
    canUndo: !isAnonymous,
    ...(drift ? { drift } : {}),
  };
}

/** An anonymous student's "Student N" in the class as last read; "Anonymous student" when it cannot be read. */
async function anonymousLabelOf(
  loadClass: () => Promise<{ assignment: CanvasAssignment; submissions: CanvasSubmission[] }>,
  userId: number,
): Promise<string> {
  try {
    const { assignment, submissions } = await loadClass();
    return anonymousLabelsOf(assignment, submissions)?.get(userId) ?? 'Anonymous student';
  } catch {
    return 'Anonymous student';
  }
}
