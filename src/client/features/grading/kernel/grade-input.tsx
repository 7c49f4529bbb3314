import { gradeTone } from '@/shared/schemas/grading';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Field, Input } from '@/client/ui/form';
import { formatPercent } from './format';

/** Text colours of the grade bands (spec part 2 §4): green 90+, blue 80+, yellow 70+, red below. */
export const GRADE_TONE_TEXT = { green: 'text-emerald-700', blue: 'text-sky-700', yellow: 'text-amber-700', red: 'text-red-700' } as const;
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
  return (
    <Field label={label} hint={hint} required={isRequired}>
      {(ids) => (
        <div className="flex items-center gap-3">
          <Input
            {...ids}
            type="number"
            inputMode="decimal"
            min={0}
            max={max}
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
            <span className={cn('text-sm font-semibold', GRADE_TONE_TEXT[gradeTone(percent)])} data-testid={testId ? `${testId}-percent` : undefined}>
              {formatPercent(percent)}
            </span>
          ) : null}
        </div>
      )}
    </Field>
  );
}

/** 100%, 90%, 80% and 70% of the maximum (keys 1 to 4). */
export function QuickFillButtons({ onFill, isDisabled = false }: { onFill: (percent: number) => void; isDisabled?: boolean }) {
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label="Quick fill">
      {QUICK_FILL_PERCENTS.map((percent, position) => (
        <Button key={percent} variant="secondary" size="sm" disabled={isDisabled} onClick={() => onFill(percent)} aria-keyshortcuts={String(position + 1)}>
          {percent}%
        </Button>
      ))}
    </div>
  );
}
