import { useState, type RefObject } from 'react';
import { Info } from 'lucide-react';
import { toast } from 'sonner';
import {
  isDiscussionStudentGraded,
  type DiscussionStudent,
  type GradingDiscussion,
} from '@/shared/schemas/discussion-grading';
import type { DraftResponse } from '@/shared/schemas/grading';
import { ApiError } from '@/client/lib/api-client';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { AiOptionsFields, toGradingOptions, type AiOptionsState } from '@/client/features/grading/kernel/ai-options';
import { AiGradeReview, DraftDetails } from '@/client/features/grading/kernel/draft-review';
import { toastDraftFailure, toastDraftSuccess } from '@/client/features/grading/kernel/draft-toasts';
import { FeedbackField } from '@/client/features/grading/kernel/feedback-field';
import { RubricEditor } from '@/client/features/grading/kernel/rubric-editor';
import { SAVE_COST_NOTE, SaveBar } from '@/client/features/grading/kernel/save-bar';
import { useGradeForm, type UnsavedEditsMemory } from '@/client/features/grading/kernel/use-grade-form';
import { KeptEditsNote } from '@/client/features/grading/kernel/kept-edits-note';
import {
  failedSaveToastOptions,
  saveAndMoveOn,
  type ReturnAction,
} from '@/client/features/grading/kernel/save-and-move-on';
import { useGradingActions, type GradingActions } from '@/client/features/grading/kernel/use-grading-shortcuts';
import { ExtraCreditDialog } from '@/client/features/grading/kernel/extra-credit-dialog';
import { GradeControlField, QuickFillButtons } from '@/client/features/grading/kernel/grade-input';
import { useDraftDiscussionFeedback, useSaveDiscussionGrade } from '../api/discussion-grading-api';
import { ERROR_CODE } from '@/shared/error-codes';

/** The spec's discussion toasts (part 2 §8), with the usage limit's own title and message. */
function saveFailureToast(error: unknown, back: ReturnAction | null, studentName: string) {
  if (error instanceof ApiError && error.code === ERROR_CODE.USAGE_LIMIT_REACHED) {
    toast.error('Usage Limit Reached', failedSaveToastOptions(error.message, back, studentName));
    return;
  }
  const canvasMessage = error instanceof ApiError && error.code.startsWith('CANVAS_') ? error.message : undefined;
  toast.error('Failed to save grade. Please try again.', failedSaveToastOptions(canvasMessage, back, studentName));
}

/** The grade form for one student, keyed by the student (see useGradeForm). */
export function DiscussionGradeForm({
  courseId,
  discussionId,
  discussion,
  student,
  storedDraft,
  aiOptions,
  onAiOptionsChange,
  engineName,
  actionsRef,
  unsavedEdits,
  onSaved,
  onReturn,
}: {
  courseId: string;
  discussionId: string;
  discussion: GradingDiscussion;
  student: DiscussionStudent;
  storedDraft: DraftResponse | undefined;
  aiOptions: AiOptionsState;
  onAiOptionsChange: (options: AiOptionsState) => void;
  engineName: string | undefined;
  actionsRef: RefObject<GradingActions | null>;
  /** The screen's memory of unsaved edits per student. */
  unsavedEdits: UnsavedEditsMemory;
  /** Moves on after a save: called as soon as a Save & Next is sent when edits are kept per student. */
  onSaved: (andNext: boolean) => void;
  /** Shows this student again (from a failed save's toast once the screen moved on). */
  onReturn: () => void;
}) {
  const points = discussion.points_possible;
  const rubric = discussion.rubric && discussion.rubric.length > 0 ? discussion.rubric : null;
  const isGradeFromRubric = Boolean(rubric && discussion.use_rubric_for_grading);
  const form = useGradeForm({
    points,
    gradingType: discussion.grading_type,
    rubric,
    isGradeFromRubric,
    savedScore: student.grade.score,
    savedGrade: student.grade.grade,
    savedRubric: student.grade.rubric_assessment,
    waitingDraft: isDiscussionStudentGraded(student) ? null : (storedDraft?.draft ?? null),
    studentId: student.user.id,
    memory: unsavedEdits,
  });
  const { draft } = form;
  const drafting = useDraftDiscussionFeedback(courseId, discussionId);
  const saving = useSaveDiscussionGrade(courseId, discussionId);
  const [extraCreditFor, setExtraCreditFor] = useState<{ andNext: boolean } | null>(null);
  const canGrade = discussion.is_graded && !student.grade.excused;
  const canDraft = canGrade && student.post_count > 0 && !drafting.isPending;
  // Nothing is saved while a draft is being written: the grade and text are about to change.
  const canSave = canGrade && form.hasGrade && !saving.isPending && !drafting.isPending;

  async function requestDraft() {
    if (!canDraft) return;
    const options = toGradingOptions(aiOptions, Boolean(rubric));
    try {
      const response = await drafting.mutateAsync({ userId: student.user.id, options });
      form.applyDraft(response.draft);
      toastDraftSuccess(options.mode, response.draft, 'discussion prompt');
    } catch (error) {
      toastDraftFailure(error);
    }
  }

  async function save(andNext: boolean, isExtraCreditConfirmed = false) {
    if (!canSave) return;
    if (form.isAboveMaximum && !isExtraCreditConfirmed) {
      setExtraCreditFor({ andNext });
      return;
    }
    const studentName = student.user.name;
    await saveAndMoveOn({
      andNext,
      keepsEdits: form.keepsEdits,
      studentName,
      send: () =>
        saving.mutateAsync({
          userId: student.user.id,
          ...form.gradeToSave,
          allowAboveMaximum: isExtraCreditConfirmed,
          comment: form.comment,
          rubricAssessment: form.rubricAssessment,
        }),
      moveOn: () => onSaved(true),
      backTo: onReturn,
      onStored: ({ stored }, movedOn) => {
        form.markSaved();
        toast.success('Grade saved successfully!', {
          description: `${movedOn ? `${studentName}: ` : ''}Canvas stored: ${stored}.`,
        });
      },
      onFailed: (error, back) => {
        console.warn('Saving the grade failed', error);
        saveFailureToast(error, back, studentName);
      },
    });
  }

  function quickFill(percent: number) {
    if (canGrade) form.quickFill(percent);
  }

  useGradingActions(actionsRef, { quickFill, draft: () => void requestDraft(), save: (andNext) => void save(andNext) });

  if (discussion.is_graded && student.grade.excused) {
    return (
      <Card data-testid="excused-notice">
        <CardHeader className="pb-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <Info className="size-4" aria-hidden />
            Excused
          </CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-slate-700">
          This student is excused from this discussion in Canvas: there is nothing to grade.
        </CardContent>
      </Card>
    );
  }

  if (!canGrade) {
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
    <div className="flex flex-col gap-4">
      <Card>
        <CardHeader className="pb-2">
          <CardTitle>Grade &amp; Feedback</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {form.hasKeptEdits ? <KeptEditsNote /> : null}
          <div className="flex flex-col gap-2">
            <GradeControlField
              control={form.control}
              points={points}
              value={form.effectiveGrade}
              onChange={form.setGrade}
              score={form.score}
              isAboveMaximum={form.isAboveMaximum}
              isReadOnly={form.isGradeComputed}
              hint={isGradeFromRubric ? 'Graded from the rubric: the grade is the sum of the criteria.' : undefined}
            />
            {form.control === 'points' || form.control === 'percent' ? (
              <QuickFillButtons onFill={quickFill} isDisabled={form.isGradeComputed} />
            ) : null}
          </div>
          <FeedbackField value={form.comment} onChange={form.setComment} rows={7} testId="feedback-input" />
          {rubric ? (
            <RubricEditor
              isOpenByDefault={isGradeFromRubric || Boolean(draft?.rubricAssessment) || form.isRubricFilled}
              rubric={rubric}
              values={form.rubricValues}
              onChange={form.setRubricValues}
              draft={draft}
              isDisabled={false}
            />
          ) : null}
          <AiOptionsFields
            options={aiOptions}
            onChange={onAiOptionsChange}
            hasRubric={Boolean(rubric)}
            basisLabel="Uses the discussion prompt."
            onDraft={() => void requestDraft()}
            canDraft={canDraft}
            isDrafting={drafting.isPending}
            engineName={engineName}
            cannotDraftReason={
              student.post_count === 0 ? "This student hasn't posted yet: there is nothing to draft from." : null
            }
          />
          {draft ? <DraftDetails draft={draft} /> : null}
          <SaveBar
            className="border-t border-slate-200 pt-4"
            onSave={(andNext) => void save(andNext)}
            canSave={canSave}
            isSaving={saving.isPending}
            saveLabel="Save Grade"
            saveTestId="save-grade"
            note={SAVE_COST_NOTE}
          />
          <ExtraCreditDialog
            score={extraCreditFor ? form.score : null}
            points={points}
            onCancel={() => setExtraCreditFor(null)}
            onConfirm={() => {
              const andNext = extraCreditFor?.andNext ?? false;
              setExtraCreditFor(null);
              void save(andNext, true);
            }}
          />
        </CardContent>
      </Card>
      {draft ? <AiGradeReview review={draft.gradeReview} /> : null}
    </div>
  );
}
