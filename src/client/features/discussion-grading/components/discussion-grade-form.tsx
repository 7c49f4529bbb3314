import { useEffect, useState, type RefObject } from 'react';
import { Info, Save } from 'lucide-react';
import { toast } from 'sonner';
import { describeGeneratedDraft, type GradingDraft } from '@/shared/schemas/ai';
import { isDiscussionStudentGraded, type DiscussionStudent, type GradingDiscussion } from '@/shared/schemas/discussion-grading';
import { clampGrade, type DraftResponse } from '@/shared/schemas/grading';
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
import { useDraftDiscussionFeedback, useSaveDiscussionGrade } from '../api/discussion-grading-api';

export type FormActions = { quickFill(percent: number): void; draft(): void; save(andNext: boolean): void };

/** The spec's discussion toasts (part 2 §8), with the usage limit's own title and message. */
function saveFailureToast(error: unknown) {
  if (error instanceof ApiError && error.code === 'USAGE_LIMIT_REACHED') {
    toast.error('Usage Limit Reached', { description: error.message });
    return;
  }
  toast.error('Failed to save grade. Please try again.', {
    description: error instanceof ApiError && error.code.startsWith('CANVAS_') ? error.message : undefined,
  });
}

/**
 * The grade form for one student, keyed by the student: moving on starts afresh with that
 * student's Canvas score and an empty comment (spec part 2 §4), unless a draft is waiting.
 */
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
  onSaved,
}: {
  courseId: string;
  discussionId: string;
  discussion: GradingDiscussion;
  student: DiscussionStudent;
  storedDraft: DraftResponse | undefined;
  aiOptions: AiOptionsState;
  onAiOptionsChange: (options: AiOptionsState) => void;
  engineName: string | undefined;
  actionsRef: RefObject<FormActions | null>;
  onSaved: (andNext: boolean) => void;
}) {
  const points = discussion.points_possible;
  const rubric = discussion.rubric && discussion.rubric.length > 0 ? discussion.rubric : null;
  const draftFromStore = isDiscussionStudentGraded(student) ? undefined : storedDraft;
  const [grade, setGrade] = useState(() =>
    draftFromStore ? String(draftFromStore.draft.grade) : student.grade.score !== null ? String(student.grade.score) : '',
  );
  const [comment, setComment] = useState(() => draftFromStore?.draft.feedback ?? '');
  const [draft, setDraft] = useState<GradingDraft | null>(() => draftFromStore?.draft ?? null);
  const [rubricValues, setRubricValues] = useState<RubricValues>(() =>
    initialRubricValues(rubric, student.grade.rubric_assessment, draftFromStore?.draft ?? null),
  );
  const drafting = useDraftDiscussionFeedback(courseId, discussionId);
  const saving = useSaveDiscussionGrade(courseId, discussionId);

  const isRubricGrade = Boolean(rubric && discussion.use_rubric_for_grading && hasRubricValues(rubric, rubricValues));
  const effectiveGrade = isRubricGrade ? String(clampGrade(rubricTotal(rubric, rubricValues), points)) : grade;
  const numericGrade = Number.parseFloat(effectiveGrade);
  const canGrade = discussion.is_graded;
  const canDraft = canGrade && student.post_count > 0 && !drafting.isPending;
  const canSave = canGrade && effectiveGrade.trim() !== '' && Number.isFinite(numericGrade) && !saving.isPending;

  function applyDraft(next: GradingDraft) {
    setDraft(next);
    setGrade(String(next.grade));
    setComment(next.feedback);
    if (next.rubricAssessment) {
      setRubricValues(Object.fromEntries(next.rubricAssessment.map((item) => [item.criterionId, { points: String(item.points), comments: item.comment }])));
    }
  }

  async function requestDraft() {
    if (!canDraft) return;
    const options = toGradingOptions(aiOptions, Boolean(rubric));
    try {
      const response = await drafting.mutateAsync({ userId: student.user.id, options });
      applyDraft(response.draft);
      toast.success(describeGeneratedDraft(options.mode, response.draft).replace('assignment description', 'discussion prompt'));
    } catch (error) {
      console.warn('Drafting failed', error);
      toast.error(error instanceof ApiError ? error.message : 'An unexpected error occurred while generating grading.');
    }
  }

  async function save(andNext: boolean) {
    if (!canSave) return;
    try {
      await saving.mutateAsync({
        userId: student.user.id,
        grade: clampGrade(numericGrade, points),
        comment,
        rubricAssessment: rubric && hasRubricValues(rubric, rubricValues) ? toRubricAssessment(rubric, rubricValues) : null,
      });
      toast.success('Grade saved successfully!');
      onSaved(andNext);
    } catch (error) {
      console.warn('Saving the grade failed', error);
      saveFailureToast(error);
    }
  }

  function quickFill(percent: number) {
    if (!canGrade || isRubricGrade) return;
    setGrade(String(clampGrade((points * percent) / 100, points)));
  }

  useEffect(() => {
    actionsRef.current = { quickFill, draft: () => void requestDraft(), save: (andNext) => void save(andNext) };
  });

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
          This discussion is not graded in Canvas, so it has no grades to save. You can read every student's posts here; to grade it, make it a
          graded discussion in Canvas (give it points), then open it again.
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
          <div className="flex flex-col gap-2">
            <GradeInput
              label={`Grade (out of ${points})`}
              value={effectiveGrade}
              onChange={setGrade}
              max={points}
              isDisabled={isRubricGrade}
              hint={rubric && discussion.use_rubric_for_grading ? 'Graded from the rubric: the grade is the sum of the criteria.' : undefined}
              testId="grade-input"
            />
            <QuickFillButtons onFill={quickFill} isDisabled={isRubricGrade} />
          </div>
          <Field label="Feedback for the student">
            {(ids) => (
              <Textarea
                {...ids}
                rows={7}
                value={comment}
                placeholder="Write feedback, or draft it with AI and edit it."
                onChange={(event) => setComment(event.target.value)}
                data-testid="feedback-input"
              />
            )}
          </Field>
          {rubric ? (
            <RubricEditor
              isOpenByDefault={discussion.use_rubric_for_grading || Boolean(draft?.rubricAssessment) || hasRubricValues(rubric, rubricValues)}
              rubric={rubric}
              values={rubricValues}
              onChange={setRubricValues}
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
            cannotDraftReason={student.post_count === 0 ? "This student hasn't posted yet: there is nothing to draft from." : null}
          />
          {draft ? <DraftDetails draft={draft} /> : null}
          <div className="flex flex-col gap-2 border-t border-slate-200 pt-4">
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void save(false)} disabled={!canSave} isLoading={saving.isPending} className="flex-1" data-testid="save-grade">
                {saving.isPending ? null : <Save aria-hidden />}
                Save Grade
              </Button>
              <Button variant="outline" onClick={() => void save(true)} disabled={!canSave} aria-keyshortcuts="Control+Enter">
                Save &amp; Next
              </Button>
            </div>
            <p className="text-xs text-slate-500">Nothing reaches the student until you save. Each save uses one submission credit.</p>
          </div>
        </CardContent>
      </Card>
      {draft ? <AiGradeReview review={draft.gradeReview} /> : null}
    </div>
  );
}
