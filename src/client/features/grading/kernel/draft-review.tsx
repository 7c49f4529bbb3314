import { CheckCircle2, ChevronDown, Lock, Quote } from 'lucide-react';
import type { GradingDraft, QuotedPoint } from '@/shared/schemas/ai';
import { Badge } from '@/client/ui/feedback';

/** What the AI drafted besides the grade and feedback: summary, strengths, areas for improvement. */
export function DraftDetails({ draft }: { draft: GradingDraft }) {
  if (
    !draft.summary &&
    draft.strengths.length === 0 &&
    draft.areasForImprovement.length === 0 &&
    draft.examplesUsed.length === 0
  )
    return null;
  return (
    <section
      aria-label="AI draft"
      className="flex flex-col gap-4 rounded-lg border border-brand-100 bg-brand-50/50 p-4"
      data-testid="draft-details"
    >
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
    </section>
  );
}

/**
 * The AI's reasoning about the grade: for the teacher, never sent to the student. Closed until she
 * opens it, so it never stands between the grade and the rubric.
 */
export function AiGradeReview({ review }: { review: string }) {
  return (
    <details className="group rounded-lg border border-amber-200 bg-amber-50" aria-label="AI Grade Review">
      <summary className="flex cursor-pointer list-none items-center gap-2 p-3 text-sm font-semibold text-amber-900 [&::-webkit-details-marker]:hidden">
        <Lock className="size-3.5" aria-hidden />
        AI Grade Review
        <Badge tone="warning">Teacher Only</Badge>
        <ChevronDown className="ml-auto size-4 transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <p className="whitespace-pre-line px-3 pb-3 text-sm text-amber-950" data-testid="grade-review">
        {review || 'The AI gave no reasoning for this draft.'}
      </p>
    </details>
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
export function Evidence({ quote }: { quote: string }) {
  return (
    <blockquote className="mt-1 flex gap-1.5 border-l-2 border-brand-200 pl-2 text-xs italic text-slate-600">
      <Quote className="size-3 shrink-0" aria-hidden />
      <span>{quote}</span>
    </blockquote>
  );
}
