import { Scale } from 'lucide-react';
import {
  describeConfidenceCheck,
  describeDraftAgreement,
  describeDraftBasis,
  type DraftBasis,
} from '@/shared/schemas/draft-basis';

/**
 * How far to trust the draft grade: how closely it agrees with the teacher's own grades on this
 * assignment (each predicted by a fit that did not see it), and what it learned from. Shown only
 * when the draft says what it rests on.
 */
export function DraftTrustLine({ basis }: { basis: DraftBasis | undefined }) {
  if (!basis) return null;
  const agreement = describeDraftAgreement(basis.agreement);
  const confidence = basis.confidence;
  const confidenceCheck = describeConfidenceCheck(confidence);
  return (
    <section
      aria-label="How far to trust this draft grade"
      className="flex gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      data-testid="draft-trust-line"
    >
      <Scale className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
      <div className="flex flex-col gap-0.5">
        {confidence ? (
          <p
            className={confidence.level === 'unsure' ? 'font-semibold text-amber-800' : 'font-semibold text-slate-900'}
            data-testid="draft-confidence"
            data-level={confidence.level}
            data-uncertainty={confidence.uncertainty}
          >
            This grade: {confidence.words}.{confidenceCheck ? ` ${confidenceCheck}` : ''}
          </p>
        ) : null}
        {agreement ? (
          <p className="font-semibold text-slate-900" data-testid="draft-agreement">
            {agreement}, each drafted without seeing your grade.
          </p>
        ) : basis.gradesLearnedFrom > 0 ? (
          <p className="font-semibold text-slate-900">
            Grade at least 3 submissions to see how closely the drafts agree with you.
          </p>
        ) : null}
        <p className="text-slate-700" data-testid="draft-basis">
          {describeDraftBasis(basis)}
        </p>
      </div>
    </section>
  );
}
