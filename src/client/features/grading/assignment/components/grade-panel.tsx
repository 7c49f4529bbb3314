import { useState, type RefObject } from 'react';
import { toast } from 'sonner';
import {
  DEFAULT_POINTS,
  isPlaceholderSubmission,
  type DraftResponse,
  type GradingAssignment,
  type GradingSubmission,
} from '@/shared/schemas/grading';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { AiOptionsFields, toGradingOptions, type AiOptionsState } from '@/client/features/grading/kernel/ai-options';
import { DraftReview } from '@/client/features/grading/kernel/draft-review';
import { toastDraftFailure, toastDraftSuccess } from '@/client/features/grading/kernel/draft-toasts';
import { FeedbackField } from '@/client/features/grading/kernel/feedback-field';
import { RubricEditor } from '@/client/features/grading/kernel/rubric-editor';
import { SAVE_COST_NOTE, SaveBar } from '@/client/features/grading/kernel/save-bar';
import { saveErrorToast } from '@/client/features/grading/kernel/save-errors';
import { useGradingActions, type GradingActions } from '@/client/features/grading/kernel/use-grading-shortcuts';
import { ExtraCreditDialog } from '@/client/features/grading/kernel/extra-credit-dialog';
import { GradeControlField, QuickFillButtons } from '@/client/features/grading/kernel/grade-input';
import { useGradeForm, type UnsavedEditsMemory } from '@/client/features/grading/kernel/use-grade-form';
import { KeptEditsNote } from '@/client/features/grading/kernel/kept-edits-note';
import { failedSaveToastOptions, saveAndMoveOn } from '@/client/features/grading/kernel/save-and-move-on';
import { useDraftFeedback, useSaveGrade } from '../api/grading-api';

/**
 * The 'Grade & Feedback' panel for one student, keyed by the submission (see useGradeForm). A draft
 * waiting for an already graded submission is not applied: the grade in Canvas wins.
 */
export function GradePanel({
  courseId,
  assignmentId,
  assignment,
  submission,
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
  assignmentId: string;
  assignment: GradingAssignment;
  submission: GradingSubmission;
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
  const points =
    assignment.points_possible && assignment.points_possible > 0 ? assignment.points_possible : DEFAULT_POINTS;
  const rubric = assignment.rubric && assignment.rubric.length > 0 ? assignment.rubric : null;
  const isPlaceholder = isPlaceholderSubmission(submission.id);
  const isExcused = submission.excused;
  const isLocked = isPlaceholder || isExcused;
  const isGradeFromRubric = Boolean(rubric && assignment.use_rubric_for_grading);
  const form = useGradeForm({
    points,
    gradingType: assignment.grading_type,
    rubric,
    isGradeFromRubric,
    savedScore: submission.score,
    savedGrade: submission.grade,
    savedRubric: submission.rubric_assessment,
    waitingDraft: submission.workflow_state !== 'graded' ? (storedDraft?.draft ?? null) : null,
    studentId: submission.user_id,
    memory: unsavedEdits,
  });
  const { draft } = form;
  const drafting = useDraftFeedback(courseId, assignmentId);
  const saving = useSaveGrade(courseId, assignmentId);
  const [extraCreditFor, setExtraCreditFor] = useState<{ andNext: boolean } | null>(null);
  const canDraft = !isLocked && !drafting.isPending;
  // Nothing is saved while a draft is being written: the grade and text are about to change.
  const canSave = !isLocked && form.hasGrade && !saving.isPending && !drafting.isPending;

  async function requestDraft() {
    if (!canDraft) return;
    const options = toGradingOptions(aiOptions, Boolean(rubric));
    try {
      const response = await drafting.mutateAsync({ userId: submission.user_id, options });
      form.applyDraft(response.draft);
      if (response.files.failed.length > 0) {
        toast.error('File Processing Error', {
          description: "Some files couldn't be processed. AI will grade based on available content.",
        });
      }
      toastDraftSuccess(options.mode, response.draft);
    } catch (error) {
      toastDraftFailure(error);
    }
  }

  async function save(andNext: boolean, isExtraCreditConfirmed = false) {
    if (isPlaceholder) {
      toast.error('Cannot Grade', { description: "Cannot grade students who haven't submitted anything yet" });
      return;
    }
    if (!courseId || !assignmentId) {
      toast.error('Missing course or assignment information');
      return;
    }
    if (!canSave) return;
    if (form.isAboveMaximum && !isExtraCreditConfirmed) {
      setExtraCreditFor({ andNext });
      return;
    }
    const studentName = submission.user.name;
    await saveAndMoveOn({
      andNext,
      keepsEdits: form.keepsEdits,
      studentName,
      send: () =>
        saving.mutateAsync({
          userId: submission.user_id,
          submissionId: submission.id,
          ...form.gradeToSave,
          allowAboveMaximum: isExtraCreditConfirmed,
          comment: form.comment,
          rubricAssessment: form.rubricAssessment,
        }),
      moveOn: () => onSaved(true),
      backTo: onReturn,
      onStored: ({ stored }, movedOn) => {
        form.markSaved();
        toast.success('Grade and feedback saved to Canvas', {
          description: `${movedOn ? `${studentName}: ` : ''}Canvas stored: ${stored}.`,
        });
      },
      onFailed: (error, back) => {
        const { title, description } = saveErrorToast(error);
        toast.error(title, failedSaveToastOptions(description, back, studentName));
      },
    });
  }

  function quickFill(percentOfMax: number) {
    if (!isLocked) form.quickFill(percentOfMax);
  }

  useGradingActions(actionsRef, { quickFill, draft: () => void requestDraft(), save: (andNext) => void save(andNext) });

  return (
    <Card
      className="flex flex-col lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
      data-testid="grade-panel"
    >
      <CardHeader className="pb-2">
        <CardTitle>Grade &amp; Feedback</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <AiOptionsFields
          options={aiOptions}
          onChange={onAiOptionsChange}
          hasRubric={Boolean(rubric)}
          onDraft={() => void requestDraft()}
          canDraft={canDraft}
          isDrafting={drafting.isPending}
          engineName={engineName}
        />

        {form.hasKeptEdits ? <KeptEditsNote /> : null}

        <div className="flex flex-col gap-2">
          <GradeControlField
            control={form.control}
            points={points}
            value={form.effectiveGrade}
            onChange={form.setGrade}
            score={form.score}
            isAboveMaximum={form.isAboveMaximum}
            isDisabled={isLocked}
            isReadOnly={form.isGradeComputed}
            hint={
              isGradeFromRubric
                ? 'This assignment is graded from its rubric: the grade is the sum of the criteria.'
                : undefined
            }
          />
          {form.control === 'points' || form.control === 'percent' ? (
            <QuickFillButtons onFill={quickFill} isDisabled={isLocked || form.isGradeComputed} />
          ) : null}
        </div>

        <FeedbackField
          value={form.comment}
          onChange={form.setComment}
          rows={8}
          isDisabled={isLocked}
          testId="feedback-input"
        />

        <DraftReview draft={draft} />

        {rubric ? (
          <RubricEditor
            isOpenByDefault={isGradeFromRubric || Boolean(draft?.rubricAssessment) || form.isRubricFilled}
            rubric={rubric}
            values={form.rubricValues}
            onChange={form.setRubricValues}
            draft={draft}
            isDisabled={isLocked}
          />
        ) : null}

        <SaveBar
          className="sticky bottom-0 -mx-5 -mb-5 border-t border-slate-200 bg-white/95 px-5 py-4 backdrop-blur"
          onSave={(andNext) => void save(andNext)}
          canSave={canSave}
          isSaving={saving.isPending}
          saveLabel="Save to Canvas"
          note={SAVE_COST_NOTE}
          unavailable={
            isExcused
              ? {
                  label: 'Excused',
                  reason: 'This student is excused from this assignment in Canvas: there is nothing to grade.',
                }
              : isPlaceholder
                ? { label: 'No Submission to Grade', reason: "This student hasn't submitted anything yet" }
                : null
          }
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
  );
}
