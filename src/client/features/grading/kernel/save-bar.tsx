import type { ReactNode } from 'react';
import { ArrowRight, Save } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { useUsage } from '@/client/lib/usage';
import { Button } from '@/client/ui/button';

/** Why a form cannot be saved (a student with nothing submitted, an excused one), said in place of Save. */
export type LockReason = {
  /** The one disabled button's label ('No Submission to Grade', 'Excused'). */
  label: string;
  reason: string;
  /** What a save asked for anyway (Ctrl+Enter) is told: the spec's words where it has them. */
  refusal?: { title: string; description: string };
};

/**
 * The foot of every grade form, the same on the three screens: the last result (`status`), room for
 * a hint beside Save (`hint`), Save & Next (the main button: the grading loop, Ctrl/⌘+Enter) and
 * Save to Canvas, and a line saying what a save costs. When there is nothing to save, one disabled
 * button and the reason take the place of both.
 */
export function SaveBar({
  onSave,
  canSave,
  note,
  lock,
  status,
  hint,
  className,
}: {
  onSave: (andNext: boolean) => void;
  /** False while a save is on its way: the status above says so. */
  canSave: boolean;
  note: string;
  lock: LockReason | null;
  status?: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  // When usage cannot be read the server still decides at save time; the teacher is told, not shown a free Save.
  const usage = useUsage();
  return (
    <div className={cn('flex flex-col gap-2', className)} data-testid="save-bar">
      {status}
      {hint}
      {lock ? (
        <>
          <Button disabled>{lock.label}</Button>
          <p className="text-center text-sm text-slate-600">{lock.reason}</p>
        </>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => onSave(true)}
            disabled={!canSave}
            className="min-w-36 flex-[2]"
            aria-keyshortcuts="Control+Enter"
            data-testid="save-and-next"
          >
            Save &amp; Next
            <ArrowRight aria-hidden />
          </Button>
          <Button
            variant="outline"
            onClick={() => onSave(false)}
            disabled={!canSave}
            className="min-w-36 flex-1"
            data-testid="save-grade"
          >
            <Save aria-hidden />
            Save to Canvas
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
export const SAVE_COST_NOTE =
  'Nothing reaches the student until you save. A student uses one submission credit per billing period: saving them again is free.';
