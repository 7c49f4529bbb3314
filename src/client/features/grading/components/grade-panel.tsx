import { useEffect, useState, type RefObject } from 'react';
import { Bot, CheckCircle2, Info, Lock, Quote, Save, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { describeGeneratedDraft, type GradingDraft, type GradingOptions, type QuotedPoint } from '@/shared/schemas/ai';
import {
  clampGrade,
  DEFAULT_POINTS,
  gradeTone,
  isPlaceholderSubmission,
  type DraftResponse,
  type GradingAssignment,
  type GradingSubmission,
} from '@/shared/schemas/grading';
import { ApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge } from '@/client/ui/feedback';
import { Field, Input, Textarea } from '@/client/ui/form';
import { Switch } from '@/client/ui/switch';
import { useDraftFeedback, useSaveGrade } from '../api/grading-api';
import { formatPercent } from '@/client/components/grading/format';
import { saveErrorToast } from '@/client/components/grading/save-errors';

export type PanelActions = {
  quickFill(percent: number): void;
  draft(): void;
  save(andNext: boolean): void;
};

export type AiOptionsState = { mode: GradingOptions['mode']; useRubric: boolean; isCustomOn: boolean; customInstructions: string };

type RubricValue = { points: string; comments: string };

const TONE_CLASSES = { green: 'text-emerald-700', blue: 'text-sky-700', yellow: 'text-amber-700', red: 'text-red-700' } as const;
const QUICK_FILLS = [100, 90, 80, 70];

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
  const [rubricValues, setRubricValues] = useState<Record<string, RubricValue>>(() =>
    initialRubricValues(rubric, submission, draftFromStore?.draft ?? null),
  );
  const drafting = useDraftFeedback(courseId, assignmentId);
  const saving = useSaveGrade(courseId, assignmentId);

  const rubricSum = rubric
    ? rubric.reduce((total, criterion) => total + (Number.parseFloat(rubricValues[criterion.id]?.points ?? '') || 0), 0)
    : 0;
  const hasRubricValues = rubric ? rubric.some((criterion) => (rubricValues[criterion.id]?.points ?? '') !== '') : false;
  const isGradeFromRubric = Boolean(rubric && assignment.use_rubric_for_grading);
  const effectiveGrade = isGradeFromRubric && hasRubricValues ? String(clampGrade(rubricSum, points)) : grade;
  const numericGrade = Number.parseFloat(effectiveGrade);
  const percent = Number.isFinite(numericGrade) ? (numericGrade / points) * 100 : null;
  const isBusy = drafting.isPending;
  const canDraft = !isPlaceholder && !isBusy;
  const canSave = !isPlaceholder && effectiveGrade.trim() !== '' && Number.isFinite(numericGrade) && !saving.isPending;

  function applyDraft(next: GradingDraft) {
    setDraft(next);
    setGrade(String(next.grade));
    setComment(next.feedback);
    if (next.rubricAssessment) {
      setRubricValues(
        Object.fromEntries(next.rubricAssessment.map((item) => [item.criterionId, { points: String(item.points), comments: item.comment }])),
      );
    }
  }

  async function requestDraft() {
    if (!canDraft) return;
    const options: GradingOptions = {
      mode: aiOptions.mode,
      useRubric: Boolean(rubric) && aiOptions.useRubric,
      customInstructions: aiOptions.isCustomOn && aiOptions.customInstructions.trim() ? aiOptions.customInstructions.trim() : null,
    };
    try {
      const response = await drafting.mutateAsync({ userId: submission.user_id, options });
      applyDraft(response.draft);
      if (response.files.failed.length > 0) {
        toast.error('File Processing Error', {
          description: "Some files couldn't be processed. AI will grade based on available content.",
        });
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
        rubricAssessment:
          rubric && hasRubricValues
            ? rubric.map((criterion) => ({
                criterionId: criterion.id,
                points: Number.parseFloat(rubricValues[criterion.id]?.points ?? '') || 0,
                comments: rubricValues[criterion.id]?.comments ?? '',
              }))
            : null,
      });
      toast.success('Grade and feedback saved to Canvas');
      onSaved(andNext);
    } catch (error) {
      const { title, description } = saveErrorToast(error);
      toast.error(title, { description });
    }
  }

  function quickFill(percentOfMax: number) {
    if (isPlaceholder) return;
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
        <section aria-label="AI options" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles className="size-4 text-accent-500" aria-hidden />
            AI options
          </h3>
          <div role="radiogroup" aria-label="Feedback type" className="grid grid-cols-2 gap-1 rounded-lg bg-white p-1 ring-1 ring-slate-200">
            {(['formative', 'summative'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                role="radio"
                aria-checked={aiOptions.mode === mode}
                onClick={() => onAiOptionsChange({ ...aiOptions, mode })}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium capitalize',
                  aiOptions.mode === mode ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {mode}
              </button>
            ))}
          </div>
          <p className="-mt-1 text-xs text-slate-600">
            {aiOptions.mode === 'summative' ? 'Evaluates the work against the standard.' : 'Focuses on growth and next steps.'}
          </p>
          {rubric ? (
            <Switch
              label="Grade with the rubric"
              description={aiOptions.useRubric ? 'Scores each rubric criterion.' : 'Uses the assignment description.'}
              checked={aiOptions.useRubric}
              onCheckedChange={(checked) => onAiOptionsChange({ ...aiOptions, useRubric: checked })}
            />
          ) : null}
          <Switch
            label="Custom instructions"
            checked={aiOptions.isCustomOn}
            onCheckedChange={(checked) => onAiOptionsChange({ ...aiOptions, isCustomOn: checked })}
          />
          {aiOptions.isCustomOn ? (
            <Textarea
              aria-label="Custom instructions"
              rows={3}
              maxLength={2000}
              placeholder="For example: focus on thesis clarity; be brief; mention the peer-review checklist."
              value={aiOptions.customInstructions}
              onChange={(event) => onAiOptionsChange({ ...aiOptions, customInstructions: event.target.value })}
            />
          ) : null}
          <Button variant="accent" onClick={() => void requestDraft()} disabled={!canDraft} isLoading={isBusy} aria-keyshortcuts="d">
            {isBusy ? null : <Bot aria-hidden />}
            {isBusy ? 'Drafting...' : 'Draft with AI'}
          </Button>
          {engineName === 'offline' ? (
            <details className="text-xs text-slate-600" data-testid="offline-engine-note">
              <summary className="flex cursor-pointer items-center gap-1.5">
                <Info className="size-3.5 shrink-0" aria-hidden />
                Drafts come from Margin's offline engine, without an AI model.
              </summary>
              <p className="mt-1 pl-5">
                It scores the text against your rubric or description and quotes the student's words. To draft with a
                model, whoever runs Margin sets AI_PROVIDER (openai, anthropic, or openai-compatible for a local model
                server such as Ollama) with AI_MODEL and AI_API_KEY.
              </p>
            </details>
          ) : null}
        </section>

        <div className="flex flex-col gap-2">
          <Field label={`Grade (out of ${points})`} hint={isGradeFromRubric ? 'This assignment is graded from its rubric: the grade is the sum of the criteria.' : undefined}>
            {(ids) => (
              <div className="flex items-center gap-3">
                <Input
                  {...ids}
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={points}
                  step={0.5}
                  className="w-32"
                  value={effectiveGrade}
                  readOnly={isGradeFromRubric && hasRubricValues}
                  disabled={isPlaceholder}
                  onChange={(event) => setGrade(event.target.value)}
                  data-testid="grade-input"
                />
                {percent !== null ? (
                  <span className={cn('text-sm font-semibold', TONE_CLASSES[gradeTone(percent)])} data-testid="grade-percent">
                    {formatPercent(percent)}
                  </span>
                ) : null}
              </div>
            )}
          </Field>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Quick fill">
            {QUICK_FILLS.map((value, position) => (
              <Button
                key={value}
                variant="secondary"
                size="sm"
                disabled={isPlaceholder || (isGradeFromRubric && hasRubricValues)}
                onClick={() => quickFill(value)}
                aria-keyshortcuts={String(position + 1)}
              >
                {value}%
              </Button>
            ))}
          </div>
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

        {draft ? <DraftDetails draft={draft} /> : null}

        {rubric ? (
          <RubricEditor
            isOpenByDefault={isGradeFromRubric || Boolean(draft?.rubricAssessment) || hasRubricValues}
            rubric={rubric}
            values={rubricValues}
            onChange={setRubricValues}
            draft={draft}
            isDisabled={isPlaceholder}
            total={rubricSum}
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

function initialRubricValues(
  rubric: GradingAssignment['rubric'],
  submission: GradingSubmission,
  draft: GradingDraft | null,
): Record<string, RubricValue> {
  if (!rubric) return {};
  if (draft?.rubricAssessment) {
    return Object.fromEntries(draft.rubricAssessment.map((item) => [item.criterionId, { points: String(item.points), comments: item.comment }]));
  }
  return Object.fromEntries(
    rubric.map((criterion) => {
      const saved = submission.rubric_assessment?.[criterion.id];
      return [criterion.id, { points: saved?.points !== null && saved?.points !== undefined ? String(saved.points) : '', comments: saved?.comments ?? '' }];
    }),
  );
}

function RubricEditor({
  isOpenByDefault,
  rubric,
  values,
  onChange,
  draft,
  isDisabled,
  total,
}: {
  isOpenByDefault: boolean;
  rubric: NonNullable<GradingAssignment['rubric']>;
  values: Record<string, RubricValue>;
  onChange: (values: Record<string, RubricValue>) => void;
  draft: GradingDraft | null;
  isDisabled: boolean;
  total: number;
}) {
  const maxTotal = rubric.reduce((sum, criterion) => sum + criterion.points, 0);
  const update = (id: string, patch: Partial<RubricValue>) =>
    onChange({ ...values, [id]: { points: values[id]?.points ?? '', comments: values[id]?.comments ?? '', ...patch } });
  return (
    <details open={isOpenByDefault} className="group flex flex-col gap-3 rounded-lg border border-slate-200 p-3" aria-label="Rubric">
      <summary className="flex cursor-pointer items-center justify-between text-sm font-semibold">
        <span>Rubric</span>
        <span className="font-normal text-slate-600" data-testid="rubric-total">
          {total} / {maxTotal}
        </span>
      </summary>
      <ol className="mt-3 flex flex-col gap-3">
        {rubric.map((criterion) => {
          const draftItem = draft?.rubricAssessment?.find((item) => item.criterionId === criterion.id);
          return (
            <li key={criterion.id} className="rounded-lg border border-slate-200 p-3">
              <div className="mb-2 flex items-start justify-between gap-2">
                <p className="text-sm font-medium">{criterion.description}</p>
                <label className="flex shrink-0 items-center gap-1 text-sm">
                  <Input
                    type="number"
                    min={0}
                    max={criterion.points}
                    step={0.5}
                    className="h-8 w-20"
                    aria-label={`Points for ${criterion.description}`}
                    disabled={isDisabled}
                    value={values[criterion.id]?.points ?? ''}
                    onChange={(event) => update(criterion.id, { points: event.target.value })}
                  />
                  <span className="text-slate-600">/ {criterion.points}</span>
                </label>
              </div>
              <div className="mb-2 flex flex-wrap gap-1">
                {criterion.ratings.map((rating) => (
                  <button
                    key={`${rating.description}-${rating.points}`}
                    type="button"
                    disabled={isDisabled}
                    onClick={() => update(criterion.id, { points: String(rating.points) })}
                    className={cn(
                      'rounded-full border px-2 py-0.5 text-xs',
                      values[criterion.id]?.points === String(rating.points)
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-slate-300 bg-white hover:bg-slate-50',
                    )}
                  >
                    {rating.description} ({rating.points})
                  </button>
                ))}
              </div>
              <Textarea
                rows={2}
                aria-label={`Comment for ${criterion.description}`}
                placeholder="Comment on this criterion"
                disabled={isDisabled}
                value={values[criterion.id]?.comments ?? ''}
                onChange={(event) => update(criterion.id, { comments: event.target.value })}
                className="min-h-0 text-sm"
              />
              {draftItem?.quote && draftItem.quoteVerified ? <Evidence quote={draftItem.quote} /> : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}

function DraftDetails({ draft }: { draft: GradingDraft }) {
  return (
    <section aria-label="AI draft" className="flex flex-col gap-4 rounded-lg border border-brand-100 bg-brand-50/50 p-4" data-testid="draft-details">
      {draft.summary ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold">Summary</h3>
          <p className="text-sm text-slate-700">{draft.summary}</p>
        </div>
      ) : null}
      <PointList title="Strengths" points={draft.strengths} />
      <PointList title="Areas for improvement" points={draft.areasForImprovement} />
      {draft.examplesUsed.length > 0 ? (
        <p className="text-xs text-slate-600" data-testid="examples-used">
          Matched to your style using {draft.examplesUsed.length} of your graded submissions:{' '}
          {draft.examplesUsed.map((example) => `${example.label} (${example.score})`).join(', ')}.
        </p>
      ) : null}
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-3">
        <h3 className="mb-1 flex items-center gap-2 text-sm font-semibold text-amber-900">
          <Lock className="size-3.5" aria-hidden />
          AI Grade Review
          <Badge tone="warning">Teacher Only</Badge>
        </h3>
        <p className="whitespace-pre-line text-sm text-amber-950" data-testid="grade-review">
          {draft.gradeReview}
        </p>
      </div>
    </section>
  );
}

function PointList({ title, points }: { title: string; points: QuotedPoint[] }) {
  if (points.length === 0) return null;
  return (
    <div>
      <h3 className="mb-1 text-sm font-semibold">{title}</h3>
      <ul className="flex flex-col gap-2">
        {points.map((point, index) => (
          <li key={index} className="flex gap-2 text-sm">
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
            <div>
              <p>{point.text}</p>
              {point.quote && point.quoteVerified ? <Evidence quote={point.quote} /> : null}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A quote the server found word for word in the student's work. */
function Evidence({ quote }: { quote: string }) {
  return (
    <blockquote className="mt-1 flex gap-1.5 border-l-2 border-brand-200 pl-2 text-xs italic text-slate-600">
      <Quote className="size-3 shrink-0" aria-hidden />
      <span>{quote}</span>
    </blockquote>
  );
}
