import { AlertTriangle } from 'lucide-react';
import { CANVAS_DEFAULT_SCHEME, formatGradeNumber, gradeTone, type GradeControl } from '@/shared/grading-rules';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Field, Input } from '@/client/ui/form';
import { Select } from '@/client/ui/select';
import { formatPercent } from './format';

/** Text colours of the grade bands (spec part 2 §4): green 90+, blue 80+, yellow 70+, red below. */
export const GRADE_TONE_TEXT = {
  green: 'text-emerald-700',
  blue: 'text-sky-700',
  yellow: 'text-amber-700',
  red: 'text-red-700',
  over: 'text-violet-700',
} as const;
const QUICK_FILL_PERCENTS = [100, 90, 80, 70] as const;

/**
 * A grade (or question score) field: a number from 0 to the maximum in steps of 0.5, with the
 * percent shown in its band's colour.
 */
export function GradeInput({
  label,
  value,
  onChange,
  max,
  isDisabled = false,
  isReadOnly = false,
  isRequired = false,
  hint,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  isDisabled?: boolean;
  /** Shown but computed elsewhere (a rubric-graded assignment's sum). */
  isReadOnly?: boolean;
  isRequired?: boolean;
  hint?: string;
  testId?: string;
}) {
  const numeric = Number.parseFloat(value);
  const percent = Number.isFinite(numeric) && max > 0 ? (numeric / max) * 100 : null;
  const isOver = percent !== null && gradeTone(percent) === 'over';
  return (
    <Field label={label} hint={hint} required={isRequired}>
      {(ids) => (
        <div className="flex items-center gap-3">
          <Input
            {...ids}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.5}
            required={isRequired}
            className="w-32"
            value={value}
            disabled={isDisabled}
            readOnly={isReadOnly}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
          />
          {percent !== null ? (
            <span
              className={cn('text-sm font-semibold', GRADE_TONE_TEXT[gradeTone(percent)])}
              data-testid={testId ? `${testId}-percent` : undefined}
            >
              {formatPercent(percent)}
              {isOver ? ' (above the maximum)' : ''}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/**
 * The grade control for the assignment's Canvas grading type (decision 021): points, a percent, a
 * letter of Canvas's default scheme, Complete / Incomplete, or nothing for an ungraded assignment.
 */
export function GradeControlField({
  control,
  points,
  value,
  onChange,
  score,
  isAboveMaximum,
  isDisabled = false,
  isReadOnly = false,
  isCappedAtMaximum = false,
  hint,
}: {
  control: GradeControl;
  points: number;
  value: string;
  onChange: (value: string) => void;
  /** The grade in points, for the percent control's "= 17 / 20 points". */
  score: number | null;
  isAboveMaximum: boolean;
  isDisabled?: boolean;
  isReadOnly?: boolean;
  /** The save stores at most the maximum (a quiz question's score) instead of asking about extra credit. */
  isCappedAtMaximum?: boolean;
  hint?: string;
}) {
  const warning =
    isAboveMaximum && score !== null ? (
      <p
        role="status"
        data-testid="above-maximum-warning"
        className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2 text-sm text-amber-900"
      >
        <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
        {isCappedAtMaximum
          ? `${formatGradeNumber(score)} is more than the ${formatGradeNumber(points)} points this question is worth: saving stores ${formatGradeNumber(points)}.`
          : `${formatGradeNumber(score)} is more than the ${formatGradeNumber(points)} points possible. Saving will ask you to confirm it as extra credit; it is never lowered for you.`}
      </p>
    ) : null;
  switch (control) {
    case 'points':
      return (
        <>
          <GradeInput
            label={`Grade (out of ${formatGradeNumber(points)})`}
            value={value}
            onChange={onChange}
            max={points}
            isDisabled={isDisabled}
            isReadOnly={isReadOnly}
            hint={hint}
            testId="grade-input"
          />
          {warning}
        </>
      );
    case 'percent':
      return (
        <>
          <GradeInput
            label="Grade (%)"
            value={value}
            onChange={onChange}
            max={100}
            isDisabled={isDisabled}
            isReadOnly={isReadOnly}
            hint={
              hint ??
              (score !== null
                ? `${formatGradeNumber(score)} of ${formatGradeNumber(points)} points. Canvas grades this assignment as a percentage.`
                : 'Canvas grades this assignment as a percentage.')
            }
            testId="grade-input"
          />
          {warning}
        </>
      );
    case 'letter':
      return (
        <Field
          label="Letter grade"
          hint={`Canvas's default grading scheme${score !== null ? `: ${formatGradeNumber(score)} of ${formatGradeNumber(points)} points` : ''}.`}
        >
          {(ids) => (
            <Select
              {...ids}
              className="w-40"
              value={value}
              disabled={isDisabled}
              onChange={(event) => onChange(event.target.value)}
              placeholder="Choose a grade"
              options={CANVAS_DEFAULT_SCHEME.map(([letter]) => ({ value: letter, label: letter }))}
              data-testid="grade-letter"
            />
          )}
        </Field>
      );
    case 'complete_incomplete':
      return (
        <div className="flex flex-col gap-2">
          <span className="text-sm font-medium text-ink" id="completion-label">
            Grade (complete or incomplete)
          </span>
          <div role="radiogroup" aria-labelledby="completion-label" className="flex gap-2">
            {(['complete', 'incomplete'] as const).map((option) => (
              <Button
                key={option}
                role="radio"
                aria-checked={value === option}
                variant={value === option ? 'primary' : 'outline'}
                size="sm"
                disabled={isDisabled}
                onClick={() => onChange(option)}
                data-testid={`grade-${option}`}
              >
                {option === 'complete' ? 'Complete' : 'Incomplete'}
              </Button>
            ))}
          </div>
          <p className="text-xs text-slate-500">
            Canvas grades this assignment complete or incomplete ({formatGradeNumber(points)} points or none).
          </p>
        </div>
      );
    case 'none':
      return (
        <p
          className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
          data-testid="not-graded-note"
        >
          This assignment is not graded in Canvas: saving sends your feedback only.
        </p>
      );
  }
}

/** 100%, 90%, 80% and 70% of the maximum (keys 1 to 4). */
export function QuickFillButtons({
  onFill,
  isDisabled = false,
}: {
  onFill: (percent: number) => void;
  isDisabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Quick fill">
      {QUICK_FILL_PERCENTS.map((percent, position) => (
        <Button
          key={percent}
          variant="secondary"
          size="sm"
          disabled={isDisabled}
          onClick={() => onFill(percent)}
          aria-keyshortcuts={String(position + 1)}
        >
          {percent}%
        </Button>
      ))}
    </div>
  );
}
