import type { DriftNote } from '@/shared/schemas/grading';
import type { CanvasAssignment, CanvasSubmission } from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { mapInSlices } from '@/server/core/in-slices';
import { MAX_CLASS_WORK } from '../kernel/drafter-port';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { anonymousLabelsOf, toGradingSubmission } from '../kernel/to-grading-view';

/**
 * The drift note after a save (decision 060): when the teacher wants it, her earlier grades on this
 * assignment are read from Canvas with the typed work of the class, measured in memory and let go.
 * Null when the grade is within reach of what they predict, when she has graded fewer than 5, when
 * the work has no typed text, or when anything fails: the note never stands in the way of a save.
 */
export async function noteDrift(
  deps: Pick<GradingDependencies, 'preferences' | 'driftCheck'>,
  teacherId: string,
  loadClass: () => Promise<{ assignment: CanvasAssignment; submissions: CanvasSubmission[] }>,
  target: { courseId: number; assignmentId: number; userId: number },
  savedGrade: number | null,
): Promise<DriftNote | null> {
  if (savedGrade === null) return null;
  try {
    if (!(await deps.preferences.get(teacherId)).driftNotes) return null;
    const { assignment, submissions } = await loadClass();
    const own = submissions.find((submission) => submission.userId === target.userId);
    if (!own?.body) return null;
    // Her grade of this work, not of an earlier attempt.
    const gradeOf = (submission: CanvasSubmission) =>
      submission.workflowState === 'graded' && submission.gradeMatchesCurrentSubmission ? submission.score : null;
    // Her graded work first, then the rest, at most as much as a draft learns from (a lecture's
    // thousand would cost every save seconds).
    const others = submissions
      .filter((submission) => submission.userId !== target.userId && submission.body && !submission.excused)
      .sort((a, b) => Number(gradeOf(b) !== null) - Number(gradeOf(a) !== null))
      .slice(0, MAX_CLASS_WORK);
    const finding = await deps.driftCheck({
      pointsPossible: assignment.pointsPossible ?? 100,
      descriptionText: htmlToText(assignment.description ?? ''),
      work: htmlToText(own.body),
      savedGrade,
      classWork: await mapInSlices(others, (submission) => ({
        key: submission.userId,
        text: htmlToText(submission.body!),
        grade: gradeOf(submission),
      })),
    });
    if (!finding) return null;
    const byId = new Map(others.map((submission) => [submission.userId, submission]));
    // On an anonymised assignment the earlier students are "Student N", as on the list (decision 067).
    const labels = anonymousLabelsOf(assignment, submissions);
    return {
      predicted: Math.round(finding.predicted * 10) / 10,
      alike: finding.alike.map(({ key, grade }) => ({
        user_id: key,
        name: toGradingSubmission(byId.get(key)!, labels?.get(key)).user.name,
        score: grade,
      })),
    };
  } catch {
    return null;
  }
}
