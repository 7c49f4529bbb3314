import { Info } from 'lucide-react';
import {
  isDiscussionStudentGraded,
  type DiscussionStudent,
  type GradingDiscussion,
} from '@/shared/schemas/discussion-grading';
import type { DraftResponse } from '@/shared/schemas/grading';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { GradeForm } from '@/client/features/grading/kernel/grade-form';
import { PostingHint } from '@/client/features/grading/kernel/posting-hint';
import { SAVE_COST_NOTE } from '@/client/features/grading/kernel/save-bar';
import type { GradingSession } from '@/client/features/grading/kernel/use-grading-session';
import {
  useDraftDiscussionFeedback,
  useSaveDiscussionGrade,
  useUndoDiscussionGrade,
} from '../api/discussion-grading-api';

/** One student's grade form on the discussion screen, keyed by the student. */
export function DiscussionGradeForm({
  courseId,
  discussionId,
  discussion,
  student,
  storedDraft,
  session,
}: {
  courseId: string;
  discussionId: string;
  discussion: GradingDiscussion;
  student: DiscussionStudent;
  storedDraft: DraftResponse | undefined;
  session: GradingSession;
}) {
  const rubric = discussion.rubric && discussion.rubric.length > 0 ? discussion.rubric : null;
  const isGradeFromRubric = Boolean(rubric && discussion.use_rubric_for_grading);
  const drafting = useDraftDiscussionFeedback(courseId, discussionId);
  const saving = useSaveDiscussionGrade(courseId, discussionId);
  const undoing = useUndoDiscussionGrade(courseId, discussionId);
  const userId = student.user.id;

  if (!discussion.is_graded) {
    return (
      <Card data-testid="ungraded-notice">
        <CardHeader className="pb-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Info className="size-4" aria-hidden />
            Ungraded discussion
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-slate-700">
          This discussion is not graded in Canvas, so it has no grades to save. You can read every student's posts here;
          to grade it, make it a graded discussion in Canvas (give it points), then open it again.
        </CardContent>
      </Card>
    );
  }

  return (
    <GradeForm
      session={session}
      student={{ id: userId, name: student.user.name }}
      subject={String(userId)}
      fields={{
        points: discussion.points_possible,
        gradingType: discussion.grading_type,
        rubric,
        isGradeFromRubric,
        savedScore: student.grade.score,
        savedGrade: student.grade.grade,
        savedRubric: student.grade.rubric_assessment,
        waitingDraft: isDiscussionStudentGraded(student) ? null : (storedDraft?.draft ?? null),
        isGraded: student.grade.score !== null || student.grade.grade !== null,
      }}
      gradeHint={isGradeFromRubric ? 'Graded from the rubric: the grade is the sum of the criteria.' : undefined}
      hint={<PostingHint postManually={discussion.post_manually ?? false} studentName={student.user.name} />}
      lock={
        student.grade.excused
          ? {
              label: 'Excused',
              reason: 'This student is excused from this discussion in Canvas: there is nothing to grade.',
            }
          : null
      }
      draft={{
        basis: 'discussion prompt',
        basisLabel: 'Uses the discussion prompt.',
        cannotDraftReason:
          student.post_count === 0 ? "This student hasn't posted yet: there is nothing to draft from." : null,
        isPending: drafting.isPending,
        request: (options) => drafting.mutateAsync({ userId, options }),
      }}
      save={{
        isPending: saving.isPending,
        send: async (grade) => {
          const { stored, canUndo } = await saving.mutateAsync({ userId, ...grade });
          return { stored, canUndo };
        },
        note: SAVE_COST_NOTE,
        aboveMaximum: 'ask',
        undo: async () => (await undoing.mutateAsync(userId)).stored,
        // The student's submission of the discussion's assignment, where Canvas shows the grade and comment.
        canvasUrl: discussion.assignment_html_url
          ? `${discussion.assignment_html_url}/submissions/${userId}`
          : undefined,
      }}
    />
  );
}
