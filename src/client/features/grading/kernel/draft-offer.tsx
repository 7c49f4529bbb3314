import { Sparkles } from 'lucide-react';
import { Button } from '@/client/ui/button';

/**
 * A draft asked for on a student Canvas already holds a grade for: shown beside that grade, never
 * put in its place until the teacher chooses it (decision 050).
 */
export function DraftOffer({
  saved,
  grade,
  feedback,
  onAccept,
  onDismiss,
}: {
  /** What Canvas holds ("9/10"). */
  saved: string | null;
  /** The draft's grade in the form's terms. */
  grade: string;
  feedback: string;
  onAccept: () => void;
  onDismiss: () => void;
}) {
  return (
    <section
      aria-label="Draft beside the grade in Canvas"
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="draft-offer"
    >
      <p className="flex items-center gap-2 font-medium text-ink">
        <Sparkles className="size-4 shrink-0" aria-hidden />
        Already graded{saved ? `: ${saved} in Canvas` : ''}. The draft suggests {grade || 'no grade'}.
      </p>
      <p className="text-slate-700">
        Your grade and comment stay as they are unless you use the draft. Nothing is saved until you save.
      </p>
      {feedback ? (
        <p className="max-h-40 overflow-y-auto whitespace-pre-wrap rounded border border-amber-200 bg-white p-2 text-slate-800">
          {feedback}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onAccept} data-testid="use-draft">
          Use the draft
        </Button>
        <Button size="sm" variant="outline" onClick={onDismiss}>
          Keep my grade
        </Button>
      </div>
    </section>
  );
}
