import { useEffect, useState, type RefObject } from 'react';
import { Save } from 'lucide-react';
import { toast } from 'sonner';
import { describeGeneratedDraft, type GradingDraft } from '@/shared/schemas/ai';
import {
  clampGrade,
  DEFAULT_POINTS,
  isPlaceholderSubmission,
  type DraftResponse,
  type GradingAssignment,
  type GradingSubmission,
} from '@/shared/schemas/grading';
import { ApiError } from '@/client/lib/api-client';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Field, Textarea } from '@/client/ui/form';
import { AiOptionsFields, toGradingOptions, type AiOptionsState } from '@/client/components/grading/ai-options';
import { AiGradeReview, DraftDetails } from '@/client/components/grading/draft-review';
import { GradeInput, QuickFillButtons } from '@/client/components/grading/grade-input';
import {
  hasRubricValues,
  initialRubricValues,
  RubricEditor,
  rubricTotal,
  toRubricAssessment,
  type RubricValues,
} from '@/client/components/grading/rubric-editor';
import { saveErrorToast } from '@/client/components/grading/save-errors';
import { useDraftFeedback, useSaveGrade } from '../api/grading-api';

export type PanelActions = {
  quickFill(percent: number): void;
  draft(): void;
  save(andNext: boolean): void;
};

/**
 * The 'Grade & Feedback' panel for one student. It is keyed by the submission, so moving to another
 * student starts it afresh: the grade shows that student's score and the feedback is empty
 * (spec part 2 §4), unless a draft is waiting for this student.
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
  onSaved,
}: {
  courseId: string;
  assignmentId: string;
  assignment: GradingAssignment;
  submission: GradingSubmission;
  storedDraft: DraftResponse | undefined;
  aiOptions: AiOptionsState;
  onAiOptionsChange: (options: AiOptionsState) => void;
  engineName: string | undefined;
  actionsRef: RefObject<PanelActions | null>;
  onSaved: (andNext: boolean) => void;
}) {
  const points = assignment.points_possible && assignment.points_possible > 0 ? assignment.points_possible : DEFAULT_POINTS;
  const rubric = assignment.rubric && assignment.rubric.length > 0 ? assignment.rubric : null;
  const isPlaceholder = isPlaceholderSubmission(submission.id);
  const draftFromStore = submission.workflow_state !== 'graded' ? storedDraft : undefined;

  const [grade, setGrade] = useState(() =>
    draftFromStore ? String(draftFromStore.draft.grade) : submission.score !== null ? String(submission.score) : '',
  );
  const [comment, setComment] = useState(() => draftFromStore?.draft.feedback ?? '');
  const [draft, setDraft] = useState<GradingDraft | null>(() => draftFromStore?.draft ?? null);
  const [rubricValues, setRubricValues] = useState<RubricValues>(() =>
    initialRubricValues(rubric, submission.rubric_assessment, draftFromStore?.draft ?? null),
  );
  const drafting = useDraftFeedback(courseId, assignmentId);
  const saving = useSaveGrade(courseId, assignmentId);

  const isRubricFilled = hasRubricValues(rubric, rubricValues);
  const isGradeFromRubric = Boolean(rubric && assignment.use_rubric_for_grading);
  const effectiveGrade = isGradeFromRubric && isRubricFilled ? String(clampGrade(rubricTotal(rubric, rubricValues), points)) : grade;
  const numericGrade = Number.parseFloat(effectiveGrade);
  const canDraft = !isPlaceholder && !drafting.isPending;
  const canSave = !isPlaceholder && effectiveGrade.trim() !== '' && Number.isFinite(numericGrade) && !saving.isPending;

  function applyDraft(next: GradingDraft) {
    setDraft(next);
    setGrade(String(next.grade));
    setComment(next.feedback);
    if (next.rubricAssessment) setRubricValues(initialRubricValues(rubric, null, next));
  }

  async function requestDraft() {
    if (!canDraft) return;
    const options = toGradingOptions(aiOptions, Boolean(rubric));
    try {
      const response = await drafting.mutateAsync({ userId: submission.user_id, options });
      applyDraft(response.draft);
      if (response.files.failed.length > 0) {
        toast.error('File Processing Error', { description: "Some files couldn't be processed. AI will grade based on available content." });
      }
      toast.success(describeGeneratedDraft(options.mode, response.draft));
    } catch (error) {
      console.warn('Drafting failed', error);
      toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred while generating grading.');
    }
  }

  async function save(andNext: boolean) {
    if (isPlaceholder) {
      toast.error('Cannot Grade', { description: "Cannot grade students who haven't submitted anything yet" });
      return;
    }
    if (!courseId || !assignmentId) {
      toast.error('Missing course or assignment information');
      return;
    }
    if (!canSave) return;
    try {
      await saving.mutateAsync({
        userId: submission.user_id,
        submissionId: submission.id,
        grade: clampGrade(numericGrade, points),
        comment,
        rubricAssessment: rubric && isRubricFilled ? toRubricAssessment(rubric, rubricValues) : null,
      });
      toast.success('Grade and feedback saved to Canvas');
      onSaved(andNext);
    } catch (error) {
      const { title, description } = saveErrorToast(error);
      toast.error(title, { description });
    }
  }

  function quickFill(percentOfMax: number) {
    if (isPlaceholder || (isGradeFromRubric && isRubricFilled)) return;
    setGrade(String(clampGrade((points * percentOfMax) / 100, points)));
  }

  useEffect(() => {
    actionsRef.current = { quickFill, draft: () => void requestDraft(), save: (andNext) => void save(andNext) };
  });

  return (
    <Card className="flex flex-col lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto">
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

        <div className="flex flex-col gap-2">
          <GradeInput
            label={`Grade (out of ${points})`}
            value={effectiveGrade}
            onChange={setGrade}
            max={points}
            isDisabled={isPlaceholder}
            isReadOnly={isGradeFromRubric && isRubricFilled}
            hint={isGradeFromRubric ? 'This assignment is graded from its rubric: the grade is the sum of the criteria.' : undefined}
            testId="grade-input"
          />
          <QuickFillButtons onFill={quickFill} isDisabled={isPlaceholder || (isGradeFromRubric && isRubricFilled)} />
        </div>

        <Field label="Feedback for the student">
          {(ids) => (
            <Textarea
              {...ids}
              rows={8}
              value={comment}
              disabled={isPlaceholder}
              placeholder="Write feedback, or draft it with AI and edit it."
              onChange={(event) => setComment(event.target.value)}
              data-testid="feedback-input"
            />
          )}
        </Field>

        {draft ? (
          <>
            <DraftDetails draft={draft} />
            <AiGradeReview review={draft.gradeReview} />
          </>
        ) : null}

        {rubric ? (
          <RubricEditor
            isOpenByDefault={isGradeFromRubric || Boolean(draft?.rubricAssessment) || isRubricFilled}
            rubric={rubric}
            values={rubricValues}
            onChange={setRubricValues}
            draft={draft}
            isDisabled={isPlaceholder}
          />
        ) : null}

        <div className="sticky bottom-0 -mx-5 -mb-5 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-5 py-4 backdrop-blur">
          {isPlaceholder ? (
            <>
              <Button disabled>No Submission to Grade</Button>
              <p className="text-center text-sm text-slate-600">This student hasn't submitted anything yet</p>
            </>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void save(false)} disabled={!canSave} isLoading={saving.isPending} className="flex-1">
                {saving.isPending ? null : <Save aria-hidden />}
                Save to Canvas
              </Button>
              <Button variant="outline" onClick={() => void save(true)} disabled={!canSave} aria-keyshortcuts="Control+Enter">
                Save &amp; Next
              </Button>
            </div>
          )}
          <p className="text-xs text-slate-500">Nothing reaches the student until you save. Each save uses one submission credit.</p>
        </div>
      </CardContent>
    </Card>
  );
}
