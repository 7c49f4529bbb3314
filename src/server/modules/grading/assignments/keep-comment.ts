import type { CanvasSubmission } from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { bankableComment } from '../kernel/bank-comment';
import { draftScope } from '../kernel/draft-scope';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { rosterMemberOf } from '../kernel/prepare-class';
import type { RosterMember } from '../kernel/redaction';

/**
 * Keeps the comment the teacher saved in her comment bank for this assignment (decision 061), as
 * her words only: the class's names and the student's quoted work are taken out first. Never fails
 * a save: a comment that cannot be kept is simply not offered later.
 */
export async function keepComment(
  deps: Pick<GradingDependencies, 'commentBank'>,
  teacherId: string,
  loadClass: () => Promise<{ submissions: CanvasSubmission[]; classmates?: RosterMember[] }>,
  target: { courseId: number; assignmentId: number; userId: number },
  comment: string,
  aiLine: string | null,
): Promise<void> {
  if (!comment.trim()) return;
  try {
    const { submissions, classmates = [] } = await loadClass();
    const own = submissions.find((submission) => submission.userId === target.userId);
    const text = bankableComment(comment, {
      // On an anonymised assignment the submissions name nobody: the course's students do (decision 067).
      roster: [...submissions.map(rosterMemberOf), ...classmates],
      studentWork: own?.body ? htmlToText(own.body) : '',
      aiLine,
    });
    if (!text) return;
    const scope = draftScope({ kind: 'assignment', courseId: target.courseId, assignmentId: target.assignmentId });
    await deps.commentBank.keep(teacherId, scope, text);
  } catch {
    // Canvas or the database did not answer: the grade is saved, the comment is not offered later.
  }
}
