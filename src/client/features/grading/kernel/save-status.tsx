import { AlertTriangle, CheckCircle2, ExternalLink, Loader2, Scale, Undo2, X } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { useUpdateGradingPreferences } from './api/grading-preferences-api';
import type { ShownStatus, StatusBoard } from './grading-status';

const TONES = {
  pending: {
    box: 'border-slate-200 bg-slate-50 text-slate-800',
    icon: Loader2,
    iconClass: 'animate-spin text-slate-500',
  },
  success: {
    box: 'border-emerald-200 bg-emerald-50 text-emerald-950',
    icon: CheckCircle2,
    iconClass: 'text-emerald-700',
  },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-950', icon: AlertTriangle, iconClass: 'text-amber-700' },
  error: { box: 'border-red-200 bg-red-50 text-red-950', icon: AlertTriangle, iconClass: 'text-red-700' },
} as const;

/**
 * The save bar's word on the last save or draft (decision 032): one result at a time, in the bar
 * beside Save, so it covers neither the student's work nor the grade. A failed save that a newer
 * result came after waits below it until the teacher goes back or dismisses it. When a result is
 * about a student other than the one on screen, it offers the way back to them.
 */
export function SaveStatus({
  board,
  shownStudentId,
  onShowStudent,
  onDismiss,
}: {
  board: StatusBoard;
  shownStudentId: number;
  onShowStudent: (userId: number) => void;
  onDismiss: (id: number) => void;
}) {
  const { latest, waiting } = board;
  const props = { shownStudentId, onShowStudent, onDismiss };
  return (
    <div className="flex flex-col gap-1.5 empty:hidden" data-testid="save-status">
      {/* Always present, so a screen reader hears each new result; a failure interrupts as an alert. */}
      <div role="status" className="empty:hidden">
        {latest && latest.tone !== 'error' ? <StatusLine status={latest} {...props} /> : null}
      </div>
      {latest?.tone === 'error' ? (
        <div role="alert">
          <StatusLine status={latest} {...props} />
        </div>
      ) : null}
      {waiting.map((status) => (
        <StatusLine key={status.id} status={status} isReminder {...props} />
      ))}
    </div>
  );
}

function StatusLine({
  status,
  isReminder = false,
  shownStudentId,
  onShowStudent,
  onDismiss,
}: {
  status: ShownStatus;
  isReminder?: boolean;
  shownStudentId: number;
  onShowStudent: (userId: number) => void;
  onDismiss: (id: number) => void;
}) {
  const tone = TONES[status.tone];
  const Icon = tone.icon;
  const isElsewhere = status.studentId !== shownStudentId;
  return (
    <div
      className={cn('flex items-start gap-2 rounded-lg border px-3 py-2 text-sm', tone.box)}
      data-testid={isReminder ? 'save-status-reminder' : 'save-status-line'}
      data-tone={status.tone}
    >
      <Icon className={cn('mt-0.5 size-4 shrink-0', tone.iconClass)} aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{isReminder ? `Not saved yet: ${status.studentName}` : status.title}</p>
        {status.description ? (
          <p className="break-words text-xs opacity-90">
            {isReminder ? `${status.title}. ${status.description}` : status.description}
          </p>
        ) : null}
        {status.tone === 'success' && (status.undo || status.canvasUrl) ? (
          <span className="mt-1.5 flex flex-wrap items-center gap-2">
            {status.undo ? (
              <Button
                variant="outline"
                size="sm"
                className="h-7 bg-white px-2 text-xs"
                onClick={status.undo}
                data-testid="undo-save"
              >
                <Undo2 aria-hidden />
                Undo
              </Button>
            ) : null}
            {status.canvasUrl ? (
              <a
                href={status.canvasUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-xs font-medium underline underline-offset-2"
              >
                View in Canvas
                <ExternalLink className="size-3" aria-hidden />
              </a>
            ) : null}
          </span>
        ) : null}
        {status.tone === 'success' && status.driftNote ? <DriftNoteLine note={status.driftNote} /> : null}
        {isElsewhere && status.tone === 'error' ? (
          <Button
            variant="outline"
            size="sm"
            className="mt-1.5 h-7 max-w-full truncate bg-white px-2 text-xs"
            onClick={() => onShowStudent(status.studentId)}
          >
            Back to {status.studentName}
          </Button>
        ) : null}
      </div>
      {status.tone === 'pending' ? null : (
        <button
          type="button"
          onClick={() => onDismiss(status.id)}
          className="-m-1 flex size-7 shrink-0 items-center justify-center rounded-md opacity-70 hover:bg-black/5 hover:opacity-100 pointer-coarse:size-9"
          aria-label={`Dismiss: ${isReminder ? `not saved yet, ${status.studentName}` : status.title}`}
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}

/**
 * The quiet note after a save far from her earlier grades (decision 060): it blocks nothing, and
 * one click turns such notes off (remembered; Settings turns them on again).
 */
function DriftNoteLine({ note }: { note: string }) {
  const update = useUpdateGradingPreferences();
  if (update.isSuccess)
    return (
      <p className="mt-1.5 text-xs text-slate-700" data-testid="drift-note-off">
        Notes like this are off. Settings turns them on again.
      </p>
    );
  return (
    <div
      className="mt-1.5 flex items-start gap-1.5 rounded-md bg-white/70 px-2 py-1.5 text-xs text-slate-800"
      data-testid="drift-note"
    >
      <Scale className="mt-0.5 size-3.5 shrink-0 text-slate-500" aria-hidden />
      <p className="min-w-0 flex-1 break-words">
        {note}{' '}
        <button
          type="button"
          className="font-medium underline underline-offset-2"
          disabled={update.isPending}
          onClick={() => update.mutate({ driftNotes: false })}
        >
          Turn off these notes
        </button>
      </p>
    </div>
  );
}
