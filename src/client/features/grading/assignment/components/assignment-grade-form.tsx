import {
  DEFAULT_POINTS,
  isPlaceholderSubmission,
  type DraftResponse,
  type GradingAssignment,
  type GradingSubmission,
} from '@/shared/schemas/grading';
import { MODERATED_REFUSAL } from '@/shared/grading-rules';
import { GradeForm } from '@/client/features/grading/kernel/grade-form';
import { PostingHint } from '@/client/features/grading/kernel/posting-hint';
import { SAVE_COST_NOTE, type LockReason } from '@/client/features/grading/kernel/save-bar';
import type { GradingSession } from '@/client/features/grading/kernel/use-grading-session';
import { useDraftFeedback, useSaveGrade, useUndoGrade } from '../api/grading-api';

/** Why a submission cannot be graded here, in the spec's words where it has them (part 2 §2.1 and §8). */
function lockFor(
  assignment: GradingAssignment,
  submission: GradingSubmission,
  courseId: string,
  assignmentId: string,
): LockReason | null {
  if (assignment.moderated_grading) {
    return {
      label: 'Moderated in Canvas',
      reason: MODERATED_REFUSAL,
      refusal: { title: 'Cannot Grade Here', description: MODERATED_REFUSAL },
    };
  }
  if (isPlaceholderSubmission(submission.id)) {
    return {
      label: 'No Submission to Grade',
      reason: "This student hasn't submitted anything yet",
      refusal: { title: 'Cannot Grade', description: "Cannot grade students who haven't submitted anything yet" },
    };
  }
  if (submission.excused) {
    return {
      label: 'Excused',
      reason: 'This student is excused from this assignment in Canvas: there is nothing to grade.',
    };
  }
  if (!courseId || !assignmentId) return { label: 'Cannot Grade', reason: 'Missing course or assignment information' };
  return null;
}

/**
 * One student's grade form on the assignment screen, keyed by the submission. A draft waiting for an
 * already graded submission is not applied: the grade in Canvas wins.
 */
export function AssignmentGradeForm({
  courseId,
  assignmentId,
  assignment,
  submission,
  storedDraft,
  session,
}: {
  courseId: string;
  assignmentId: string;
  assignment: GradingAssignment;
  submission: GradingSubmission;
  storedDraft: DraftResponse | undefined;
  session: GradingSession;
}) {
  const points =
    assignment.points_possible && assignment.points_possible > 0 ? assignment.points_possible : DEFAULT_POINTS;
  const rubric = assignment.rubric && assignment.rubric.length > 0 ? assignment.rubric : null;
  const isGradeFromRubric = Boolean(rubric && assignment.use_rubric_for_grading);
  const drafting = useDraftFeedback(courseId, assignmentId);
  const saving = useSaveGrade(courseId, assignmentId);
  const undoing = useUndoGrade(courseId, assignmentId);
  const userId = submission.user_id;

  return (
    <GradeForm
      session={session}
      student={{ id: userId, name: submission.user.name }}
      subject={String(userId)}
      fields={{
        points,
        gradingType: assignment.grading_type,
        rubric,
        isGradeFromRubric,
        // What she entered: Canvas's late deduction is shown under the grade, not folded into it.
        savedScore: submission.entered_score ?? submission.score,
        savedGrade: submission.grade,
        savedRubric: submission.rubric_assessment,
        waitingDraft: submission.workflow_state !== 'graded' ? (storedDraft?.draft ?? null) : null,
        isGraded: submission.workflow_state === 'graded' && (submission.score !== null || submission.grade !== null),
      }}
      gradeHint={
        isGradeFromRubric
          ? 'This assignment is graded from its rubric: the grade is the sum of the criteria.'
          : undefined
      }
      feedback={{ rows: 8 }}
      rubricSettings={assignment.rubric_settings}
      lateness={{
        isLate: submission.late,
        secondsLate: submission.seconds_late ?? 0,
        policy: assignment.late_policy ?? null,
        pointsPossible: assignment.points_possible,
      }}
      hint={<PostingHint postManually={assignment.post_manually ?? false} studentName={submission.user.name} />}
      lock={lockFor(assignment, submission, courseId, assignmentId)}
      commentBank={{ courseId, assignmentId }}
      draft={{
        basis: 'assignment description',
        cannotDraftReason: null,
        isPending: drafting.isPending,
        request: (options) => drafting.mutateAsync({ userId, options }),
      }}
      save={{
        isPending: saving.isPending,
        send: async (grade) => {
          const { stored, drift } = await saving.mutateAsync({ userId, submissionId: submission.id, ...grade });
          return { stored, drift };
        },
        note: SAVE_COST_NOTE,
        aboveMaximum: 'ask',
        // Canvas edits and deletes comments by user id only: an anonymous save cannot be undone (decision 067).
        undo: submission.anonymous_id ? undefined : async () => (await undoing.mutateAsync(userId)).stored,
        canvasUrl: canvasSubmissionUrl(assignment, submission),
      }}
    />
  );
}

/** The submission in Canvas: SpeedGrader by anonymous id on an anonymised assignment, else the submission page. */
function canvasSubmissionUrl(assignment: GradingAssignment, submission: GradingSubmission): string | undefined {
  if (!assignment.html_url) return undefined;
  if (!submission.anonymous_id) return `${assignment.html_url}/submissions/${submission.user_id}`;
  const course = assignment.html_url.replace(/\/assignments\/\d+\/?$/, '');
  return `${course}/gradebook/speed_grader?assignment_id=${assignment.id}&anonymous_id=${encodeURIComponent(submission.anonymous_id)}`;
}
