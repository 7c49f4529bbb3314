import { useId } from 'react';
import type { GradingDraft, RubricCriterion } from '@/shared/schemas/ai';
import { commentForPoints, isDraftCommentCleared, type DraftedCriterion } from '@/shared/rubric-comments';
import {
  countsTowardTotal,
  describeRatingPoints,
  formatRubricPoints,
  ratingForPoints,
  rubricPointsPossible,
} from '@/shared/rubric-shapes';
import { cn } from '@/client/lib/cn';
import { Input, Textarea } from '@/client/ui/form';
import { Evidence } from './draft-review';

type RubricValue = { points: string; comments: string };

/** The draft's sureness of a criterion's rating, in the words the grade's own trust line uses. */
const SURENESS_WORDS = {
  sure: 'Draft rating: sure.',
  'fairly-sure': 'Draft rating: fairly sure.',
  unsure: 'Draft rating: check this one.',
} as const;
export type RubricValues = Record<string, RubricValue>;

/** Starting values: the draft's assessment if there is one, else what Canvas already holds. */
export function initialRubricValues(
  rubric: RubricCriterion[] | null,
  saved: Record<string, { points: number | null; comments: string | null }> | null,
  draft: GradingDraft | null,
): RubricValues {
  if (!rubric) return {};
  if (draft?.rubricAssessment) {
    return Object.fromEntries(
      draft.rubricAssessment.map((item) => [item.criterionId, { points: String(item.points), comments: item.comment }]),
    );
  }
  return Object.fromEntries(
    rubric.map((criterion) => {
      const entry = saved?.[criterion.id];
      return [
        criterion.id,
        {
          points: entry?.points !== null && entry?.points !== undefined ? String(entry.points) : '',
          comments: entry?.comments ?? '',
        },
      ];
    }),
  );
}

/** The rubric's total as Canvas counts it: criteria marked "not counted" are left out. */
export function rubricTotal(rubric: RubricCriterion[] | null, values: RubricValues): number {
  return (rubric ?? [])
    .filter(countsTowardTotal)
    .reduce((total, criterion) => total + (Number.parseFloat(values[criterion.id]?.points ?? '') || 0), 0);
}

export function hasRubricValues(rubric: RubricCriterion[] | null, values: RubricValues): boolean {
  return (rubric ?? []).some((criterion) => (values[criterion.id]?.points ?? '') !== '');
}

/** The rubric assessment as the save endpoints take it. */
export function toRubricAssessment(rubric: RubricCriterion[], values: RubricValues) {
  return rubric.map((criterion) => ({
    criterionId: criterion.id,
    points: Number.parseFloat(values[criterion.id]?.points ?? '') || 0,
    comments: values[criterion.id]?.comments ?? '',
  }));
}

/**
 * The rating a criterion's points stand on, if any: the rating worth exactly those points, or on a
 * range criterion the rating whose range holds them. Points between two ratings of a plain
 * criterion (typed in the points field) stand on none.
 */
export function chosenRatingIndex(criterion: RubricCriterion, points: string): number {
  if (points.trim() === '') return -1;
  const rating = ratingForPoints(criterion, Number.parseFloat(points));
  return rating ? criterion.ratings.indexOf(rating) : -1;
}

/**
 * Points and a comment per criterion. Each criterion's ratings are a radio group (native radios, so
 * the arrow keys move between ratings, Tab goes on to the criterion's points, its comment and the
 * next criterion, and a screen reader says which rating is chosen); the points field takes points
 * between the ratings too.
 */
export function RubricEditor({
  isOpenByDefault,
  rubric,
  values,
  onChange,
  draft,
  isDisabled,
  settings,
}: {
  isOpenByDefault: boolean;
  rubric: RubricCriterion[];
  /** How the rubric shows in Canvas (points hidden from students, free-form comments). */
  settings?: { hide_points: boolean; free_form_criterion_comments: boolean } | null;
  values: RubricValues;
  onChange: (values: RubricValues) => void;
  draft: GradingDraft | null;
  isDisabled: boolean;
}) {
  const groupName = useId();
  const maxTotal = rubricPointsPossible(rubric);
  const update = (id: string, patch: Partial<RubricValue>) =>
    onChange({ ...values, [id]: { points: values[id]?.points ?? '', comments: values[id]?.comments ?? '', ...patch } });
  // New points take the drafted comment away (or back) with them: see shared/rubric-comments.ts.
  const setPoints = (id: string, points: string, drafted: DraftedCriterion | undefined) =>
    update(id, { points, comments: commentForPoints(values[id]?.comments ?? '', points, drafted) });
  return (
    <details
      open={isOpenByDefault}
      className="group flex flex-col gap-3 rounded-lg border border-slate-200 p-3"
      aria-label="Rubric"
    >
      <summary className="flex cursor-pointer items-center justify-between text-sm font-semibold">
        <span>Rubric</span>
        <span className="font-normal text-slate-600" data-testid="rubric-total">
          {rubricTotal(rubric, values)} / {maxTotal}
        </span>
      </summary>
      {settings?.hide_points ? (
        <p className="mt-2 text-xs text-slate-600" data-testid="rubric-points-hidden">
          Students see this rubric's ratings without points (set in Canvas).
        </p>
      ) : null}
      <ol className="mt-3 flex flex-col gap-3">
        {rubric.map((criterion, position) => {
          const draftItem = draft?.rubricAssessment?.find((item) => item.criterionId === criterion.id);
          const points = values[criterion.id]?.points ?? '';
          const chosen = chosenRatingIndex(criterion, points);
          const titleId = `${groupName}-criterion-${position}`;
          return (
            <li key={criterion.id} className="rounded-lg border border-slate-200 p-3" data-testid="rubric-criterion">
              <div className="mb-2 flex items-start justify-between gap-2">
                <div className="flex flex-col gap-0.5">
                  <p className="text-sm font-medium" id={titleId}>
                    {criterion.description}
                  </p>
                  {criterion.ignore_for_scoring ? (
                    <p className="text-xs text-slate-600" data-testid="rubric-not-counted">
                      Not counted in the total: assessed and commented on only.
                    </p>
                  ) : null}
                  {criterion.outcome_id ? (
                    <p className="text-xs text-slate-600" data-testid="rubric-outcome">
                      Linked to a learning outcome
                      {criterion.mastery_points !== null && criterion.mastery_points !== undefined
                        ? ` · mastery at ${formatRubricPoints(criterion.mastery_points)} points`
                        : ''}
                    </p>
                  ) : null}
                  {criterion.use_range ? (
                    <p className="text-xs text-slate-600" data-testid="rubric-range">
                      Each rating covers a range of points.
                    </p>
                  ) : null}
                  {draftItem?.sureness ? (
                    <p
                      className={`text-xs ${draftItem.sureness.level === 'unsure' ? 'text-amber-800' : 'text-slate-600'}`}
                      data-testid="rubric-sureness"
                    >
                      {SURENESS_WORDS[draftItem.sureness.level]} {draftItem.sureness.words}
                    </p>
                  ) : null}
                </div>
                <label className="flex shrink-0 items-center gap-1 text-sm">
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={criterion.points}
                    step={0.5}
                    className="h-8 w-20"
                    aria-label={`Points for ${criterion.description}`}
                    disabled={isDisabled}
                    value={points}
                    onChange={(event) => setPoints(criterion.id, event.target.value, draftItem)}
                  />
                  <span className="whitespace-nowrap text-slate-600">/ {criterion.points}</span>
                </label>
              </div>
              <div role="radiogroup" aria-labelledby={titleId} className="mb-2 flex flex-wrap gap-1.5">
                {criterion.ratings.map((rating, index) => (
                  <label
                    key={`${index}-${rating.description}-${rating.points}`}
                    className={cn(
                      'relative inline-flex min-h-7 cursor-pointer items-center rounded-full border px-2.5 text-xs pointer-coarse:min-h-9 pointer-coarse:px-3 pointer-coarse:text-sm',
                      'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
                      'has-disabled:cursor-not-allowed has-disabled:opacity-55',
                      index === chosen
                        ? 'border-brand-600 bg-brand-600 text-white'
                        : 'border-slate-300 bg-white hover:bg-slate-50',
                    )}
                    data-testid="rubric-rating"
                  >
                    <input
                      type="radio"
                      name={`${groupName}-${position}`}
                      value={String(index)}
                      checked={index === chosen}
                      disabled={isDisabled}
                      onChange={() => setPoints(criterion.id, String(rating.points), draftItem)}
                      className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-full opacity-0 disabled:cursor-not-allowed"
                    />
                    {rating.description} ({describeRatingPoints(criterion, rating)})
                  </label>
                ))}
              </div>
              <Textarea
                rows={2}
                aria-label={`Comment for ${criterion.description}`}
                placeholder={
                  settings?.free_form_criterion_comments
                    ? 'Your own comment on this criterion'
                    : 'Comment on this criterion'
                }
                disabled={isDisabled}
                value={values[criterion.id]?.comments ?? ''}
                onChange={(event) => update(criterion.id, { comments: event.target.value })}
                className="min-h-0 text-sm"
              />
              {draftItem && isDraftCommentCleared(values[criterion.id]?.comments ?? '', points, draftItem) ? (
                <p role="status" className="mt-1 text-xs text-amber-800" data-testid="rubric-comment-cleared">
                  The draft's comment was written for {draftItem.points} points, so it was cleared: it would contradict
                  the points you chose. Write your own, or choose {draftItem.points} again to bring it back.
                </p>
              ) : draftItem?.quote && draftItem.quoteVerified ? (
                <Evidence quote={draftItem.quote} />
              ) : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
