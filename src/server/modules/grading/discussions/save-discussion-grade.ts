import {
  discussionPointsPossible,
  UNGRADED_DISCUSSION_MESSAGE,
  type SaveDiscussionGradeRequest,
  type SaveDiscussionGradeResponse,
} from '@/shared/schemas/discussion-grading';
import { withAiLine } from '@/shared/ai-line';
import { AppError } from '@/server/core/app-error';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { saveApprovedGrade } from '../kernel/save-approved-grade';
import { assertNotAnonymousTopic, gradeWriteFor, type SavedGrade } from '../kernel/save-grade';
import { teacherAiLine } from '../kernel/teacher-ai-line';
import { loadDiscussionAssignment } from './load-discussion';
import { toDiscussionGrade } from './to-discussion-view';

/**
 * A discussion grade is the linked assignment's grade: it is saved exactly like an assignment grade
 * (saveApprovedGrade: one usage credit, grade + comment + rubric assessment in one PUT, read back,
 * credit back if Canvas refuses, audited). An ungraded discussion has no assignment and so nothing
 * to save to: it is refused before any credit.
 */
export async function saveDiscussionGrade(
  deps: Pick<
    GradingDependencies,
    'canvas' | 'drafts' | 'usage' | 'audit' | 'saves' | 'preferences' | 'institutionAddsAiLine'
  >,
  teacher: { id: string; email: string },
  target: { courseId: number; topicId: number; userId: number },
  request: SaveDiscussionGradeRequest,
): Promise<SaveDiscussionGradeResponse> {
  const { client } = await deps.canvas.clientFor(teacher.id);
  const comment = withAiLine(request.comment, await teacherAiLine(deps, teacher.id));
  const { result, usage, isPaidEarlier } = await saveApprovedGrade<SavedGrade>(deps, teacher, {
    target: { kind: 'discussion', courseId: target.courseId, topicId: target.topicId },
    settles: [target.userId],
    subject: String(target.userId),
    rubricAssessment: request.rubricAssessment,
    remember: ({ commentId, undo }) => ({ commentId, undo }),
    async prepare(rubricAssessment, previous) {
      const { topic, assignment } = await loadDiscussionAssignment(client, target.courseId, target.topicId);
      if (topic.assignmentId === null || !assignment) {
        throw new AppError('VALIDATION', UNGRADED_DISCUSSION_MESSAGE, { details: { reason: 'ungraded_discussion' } });
      }
      assertNotAnonymousTopic(assignment);
      const hasRubric = Boolean(assignment.rubric?.length);
      return gradeWriteFor(
        client,
        { courseId: target.courseId, assignmentId: topic.assignmentId, userId: target.userId },
        {
          grade: request.grade,
          completion: request.completion,
          allowAboveMaximum: request.allowAboveMaximum,
          comment,
          rubricAssessment: hasRubric ? rubricAssessment : null,
        },
        {
          assignment: {
            ...assignment,
            pointsPossible: discussionPointsPossible(topic.assignment?.pointsPossible, assignment.pointsPossible),
          },
          previous,
        },
      );
    },
  });
  return {
    user_id: target.userId,
    grade: toDiscussionGrade(result.submission),
    usage,
    stored: result.stored,
    isPaidEarlier,
    canUndo: true,
  };
}
