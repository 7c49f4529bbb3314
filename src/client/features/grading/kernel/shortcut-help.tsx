import { Keyboard } from 'lucide-react';
import { Button } from '@/client/ui/button';
import { Dialog } from '@/client/ui/dialog';

const SHORTCUTS: Array<[string, string]> = [
  ['J or →', 'Next student whose work waits for a grade (everyone, when the switch is off)'],
  ['K or ←', 'Previous student, the same way'],
  ['1 2 3 4', 'Quick-fill 100%, 90%, 80% or 70%'],
  ['D', 'Draft with AI (then the grade has the keyboard: Esc leaves it)'],
  ['← → in the rubric', "Choose a criterion's previous or next rating (Tab goes on)"],
  ['Ctrl + Enter (⌘ + Enter)', 'Save to Canvas, then go to the next student (a failed save stays)'],
  ['Esc', 'Leave a text field, so the single-key shortcuts work'],
  ['?', 'Show these shortcuts'],
];

export function ShortcutHelp({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Keyboard shortcuts"
      description="Grade a whole pile without leaving the keyboard."
      trigger={
        <Button variant="ghost" size="sm">
          <Keyboard aria-hidden />
          Shortcuts
        </Button>
      }
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {SHORTCUTS.map(([keys, action]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs">{keys}</kbd>
            </dt>
            <dd>{action}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}
