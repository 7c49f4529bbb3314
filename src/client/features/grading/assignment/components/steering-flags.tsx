import { ShieldAlert } from 'lucide-react';
import type { SteeringFlag } from '@/shared/schemas/grading';

const KIND_LABELS: Record<SteeringFlag['kind'], string> = {
  'addresses-grader': 'Speaks to the grader',
  'hidden-text': 'Hidden text',
  'rubric-echo': 'Repeats the rubric’s wording',
};

/**
 * Passages of the work that try to steer the draft (decision 054), shown to the teacher above the
 * work with the passage itself. The offline engine drafted without them; a model was told to treat
 * them as data.
 */
export function SteeringFlags({ flags }: { flags: readonly SteeringFlag[] | undefined }) {
  if (!flags || flags.length === 0) return null;
  return (
    <section
      aria-label="Passages that try to steer the grade"
      className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="steering-flags"
    >
      <ShieldAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden />
      <div className="flex min-w-0 flex-col gap-2">
        <p className="font-semibold text-amber-900">
          This work may try to steer the grade. The draft does not count these passages; read them yourself.
        </p>
        <ul className="flex flex-col gap-1.5">
          {flags.map((flag, index) => (
            <li key={index} data-testid="steering-flag" data-kind={flag.kind} className="min-w-0">
              <span className="font-medium text-slate-900">{KIND_LABELS[flag.kind]}: </span>
              <q className="break-words text-slate-800">{flag.passage}</q>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
