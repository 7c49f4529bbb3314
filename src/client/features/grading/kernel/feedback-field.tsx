import { AI_LINE } from '@/shared/ai-line';
import { Field, Textarea } from '@/client/ui/form';
import { useGradingPreferences } from './api/grading-preferences-api';

/**
 * The comment a save sends to the student, with its label; the screens differ only in wording and
 * size. When the teacher chose to say that AI helped, the line the save adds is shown under the
 * comment, as the student will read it.
 */
export function FeedbackField({
  label = 'Feedback for the student',
  value,
  onChange,
  rows,
  placeholder = 'Write feedback, or draft it with AI and edit it.',
  isDisabled = false,
  testId,
}: {
  label?: string;
  value: string;
  onChange: (value: string) => void;
  rows: number;
  placeholder?: string;
  isDisabled?: boolean;
  testId: string;
}) {
  const preferences = useGradingPreferences();
  const addsLine = preferences.data?.aiLine === true || preferences.data?.institutionAiLine === true;
  const isLineAdded = addsLine && value.trim() !== '' && !value.trimEnd().endsWith(AI_LINE);
  return (
    <Field label={label}>
      {(ids) => (
        <div className="flex flex-col gap-1.5">
          <Textarea
            {...ids}
            rows={rows}
            value={value}
            disabled={isDisabled}
            placeholder={placeholder}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
          />
          {isLineAdded ? (
            <p className="text-xs text-slate-600" data-testid="ai-line-preview">
              Added at the end when you save: <q className="italic text-slate-800">{AI_LINE}</q>
            </p>
          ) : null}
        </div>
      )}
    </Field>
  );
}
