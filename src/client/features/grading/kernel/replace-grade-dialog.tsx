import { Button } from '@/client/ui/button';
import { Dialog } from '@/client/ui/dialog';

/**
 * Asks before a save puts a new grade over one Canvas already holds ("Replace 9/10?"): confirmed,
 * the save goes on; otherwise nothing is sent (decision 050).
 */
export function ReplaceGradeDialog({
  saved,
  studentName,
  onConfirm,
  onCancel,
}: {
  /** What Canvas holds ("9/10"); null when closed. */
  saved: string | null;
  studentName: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={saved !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={`Replace ${saved ?? ''}?`}
      description={`${studentName} already has ${saved ?? ''} in Canvas. Saving puts your new grade and comment in its place.`}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onCancel}>
          Keep {saved}
        </Button>
        <Button onClick={onConfirm} data-testid="confirm-replace">
          Replace {saved}
        </Button>
      </div>
    </Dialog>
  );
}
