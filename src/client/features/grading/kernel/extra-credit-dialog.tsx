import { formatGradeNumber } from '@/shared/grading-rules';
import { Button } from '@/client/ui/button';
import { Dialog } from '@/client/ui/dialog';

/**
 * Asks before a grade above the points possible is saved: confirmed, it is stored exactly as typed
 * (extra credit); otherwise nothing is sent. A grade is never lowered quietly.
 */
export function ExtraCreditDialog({
  score,
  points,
  onConfirm,
  onCancel,
}: {
  /** Null when closed. */
  score: number | null;
  points: number;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={score !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title="Save a grade above the maximum?"
      description={
        score !== null
          ? `${formatGradeNumber(score)} is more than the ${formatGradeNumber(points)} points possible. Canvas will store ${formatGradeNumber(score)} as extra credit.`
          : undefined
      }
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Change the grade
        </Button>
        <Button onClick={onConfirm} data-testid="confirm-extra-credit">
          Save {score !== null ? formatGradeNumber(score) : ''} as extra credit
        </Button>
      </div>
    </Dialog>
  );
}
