import { Save } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { useUsage } from '@/client/lib/usage';
import { Button } from '@/client/ui/button';

/**
 * The foot of a grading form: save, save and move to the next student (Ctrl/⌘+Enter), and a line
 * saying what a save costs. When there is nothing to save (a student who has not submitted), one
 * disabled button and the reason take the place of both.
 */
export function SaveBar({
  onSave,
  canSave,
  isSaving,
  saveLabel,
  saveAndNextLabel = 'Save & Next',
  saveTestId,
  note,
  unavailable,
  className,
}: {
  onSave: (andNext: boolean) => void;
  canSave: boolean;
  isSaving: boolean;
  saveLabel: string;
  saveAndNextLabel?: string;
  saveTestId?: string;
  note: string;
  unavailable?: { label: string; reason: string } | null;
  className?: string;
}) {
  // When usage cannot be read the server still decides at save time; the teacher is told, not shown a free Save.
  const usage = useUsage();
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {unavailable ? (
        <>
          <Button disabled>{unavailable.label}</Button>
          <p className="text-center text-sm text-slate-600">{unavailable.reason}</p>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => onSave(false)}
            disabled={!canSave}
            isLoading={isSaving}
            className="flex-1"
            data-testid={saveTestId}
          >
            {isSaving ? null : <Save aria-hidden />}
            {saveLabel}
          </Button>
          <Button variant="outline" onClick={() => onSave(true)} disabled={!canSave} aria-keyshortcuts="Control+Enter">
            {saveAndNextLabel}
          </Button>
        </div>
      )}
      <p className="text-xs text-slate-500">{note}</p>
      {usage.isError ? (
        <p role="status" className="text-xs text-amber-800" data-testid="usage-unknown">
          Your usage could not be loaded, so Margin cannot show how many credits are left. Saving still checks your
          limit, and a save over it is refused without being charged.
        </p>
      ) : null}
    </div>
  );
}

/** What every grade save costs (spec part 2 §6: each save consumes one usage credit). */
export const SAVE_COST_NOTE = 'Nothing reaches the student until you save. Each save uses one submission credit.';
