import {
  discussionPointsPossible,
  UNGRADED_DISCUSSION_MESSAGE,
  type DiscussionGrade,
  type SaveDiscussionGradeRequest,
} from '@/shared/schemas/discussion-grading';
import { AppError } from '@/server/core/app-error';
import type { CanvasClient } from '@/server/adapters/canvas';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { saveGrade } from '../kernel/save-grade';
import type { UsageStore } from '@/server/modules/usage/usage-store';
import { loadDiscussionAssignment } from './load-discussion';
import { toDiscussionGrade } from './to-discussion-view';

/**
 * A discussion grade is the linked assignment's grade: it is saved exactly like an assignment grade
 * (one usage credit, grade + comment + rubric assessment in one PUT, credit back if Canvas refuses,
 * audited). An ungraded discussion has no assignment and so nothing to save to.
 */
export async function saveDiscussionGrade(
  deps: { client: CanvasClient; usage: UsageStore; audit: AuditWriter },
  teacher: { id: string; email: string },
  target: { courseId: number; topicId: number; userId: number },
  request: SaveDiscussionGradeRequest,
): Promise<{ grade: DiscussionGrade; stored: string }> {
  const { topic, assignment } = await loadDiscussionAssignment(deps.client, target.courseId, target.topicId);
  if (topic.assignmentId === null || !assignment) {
    throw new AppError('VALIDATION', UNGRADED_DISCUSSION_MESSAGE, { details: { reason: 'ungraded_discussion' } });
  }
  const hasRubric = Boolean(assignment.rubric?.length);
  const saved = await saveGrade(
    deps,
    teacher,
    { courseId: target.courseId, assignmentId: topic.assignmentId, userId: target.userId },
    {
      grade: request.grade,
      completion: request.completion,
      allowAboveMaximum: request.allowAboveMaximum,
      comment: request.comment,
      rubricAssessment: hasRubric ? request.rubricAssessment : null,
    },
    {
      assignment: {
        ...assignment,
        pointsPossible: discussionPointsPossible(topic.assignment?.pointsPossible, assignment.pointsPossible),
      },
    },
  );
  return { grade: toDiscussionGrade(saved.submission), stored: saved.stored };
}
