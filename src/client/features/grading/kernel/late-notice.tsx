import { Clock } from 'lucide-react';
import { formatGradeNumber } from '@/shared/grading-rules';
import { describeLatePolicy, describeLateness, lateDeduction, type LatePolicyRule } from '@/shared/late-policy';

/** What Canvas knows about a submission's lateness, for the notice under the grade. */
export type Lateness = {
  isLate: boolean;
  secondsLate: number;
  /** The course's late policy when it deducts; null when it does not. */
  policy: LatePolicyRule | null;
  pointsPossible: number | null;
};

/**
 * Under the grade on late work: how late it is, the deduction Canvas applies (the course's late
 * policy) and the grade that will stand after it, for the grade she has typed (decision 058).
 * Margin sends the grade as typed; Canvas takes the deduction off itself. Drafts never use this.
 */
export function LateNotice({ lateness, score }: { lateness: Lateness; score: number | null }) {
  if (!lateness.isLate) return null;
  const { policy, pointsPossible, secondsLate } = lateness;
  const howLate = describeLateness(secondsLate);
  const deduction = policy && score !== null ? lateDeduction(policy, pointsPossible, score, secondsLate) : 0;
  const outOf = pointsPossible ? ` / ${formatGradeNumber(pointsPossible)}` : '';
  return (
    <div
      className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="late-notice"
      role="note"
    >
      <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div className="flex flex-col gap-0.5">
        <p className="font-medium">Handed in {howLate}</p>
        {policy ? (
          <p>
            The course&apos;s late policy takes {describeLatePolicy(policy)}.{' '}
            {score === null ? (
              'Canvas applies it when you save.'
            ) : deduction > 0 ? (
              <>
                Canvas takes {formatGradeNumber(deduction)} off:{' '}
                <strong data-testid="grade-after-late">
                  {formatGradeNumber(Math.round((score - deduction) * 100) / 100)}
                  {outOf}
                </strong>{' '}
                will stand.
              </>
            ) : (
              <>Nothing comes off this grade.</>
            )}
          </p>
        ) : (
          <p>This course has no late deduction in Canvas.</p>
        )}
      </div>
    </div>
  );
}
