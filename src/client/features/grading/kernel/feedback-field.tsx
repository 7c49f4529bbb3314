import { Field, Textarea } from '@/client/ui/form';

/** The comment a save sends to the student, with its label; the screens differ only in wording and size. */
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
  return (
    <Field label={label}>
      {(ids) => (
        <Textarea
          {...ids}
          rows={rows}
          value={value}
          disabled={isDisabled}
          placeholder={placeholder}
          onChange={(event) => onChange(event.target.value)}
          data-testid={testId}
        />
      )}
    </Field>
  );
}
