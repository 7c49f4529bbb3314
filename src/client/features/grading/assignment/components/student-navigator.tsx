import { ChevronLeft, ChevronRight } from 'lucide-react';
import { submissionStatus, type GradingSubmission } from '@/shared/schemas/grading';
import { Button } from '@/client/ui/button';
import { STATUS_LABELS } from './submission-view';

export function StudentNavigator({
  submissions,
  index,
  onSelect,
  onMove,
  canMove,
}: {
  submissions: GradingSubmission[];
  index: number;
  onSelect: (index: number) => void;
  /** Next (1) and Previous (-1), as the teacher chose to walk the list. */
  onMove: (direction: 1 | -1) => void;
  canMove: (direction: 1 | -1) => boolean;
}) {
  const total = submissions.length;
  return (
    <nav
      aria-label="Students"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <Button
        variant="outline"
        size="sm"
        onClick={() => onMove(-1)}
        disabled={!canMove(-1)}
        aria-keyshortcuts="k ArrowLeft"
      >
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <span className="text-sm font-medium" data-testid="student-position" aria-live="polite">
        {/* Anonymous students are already "Student N": the position is said without the word. */}
        {submissions[index]?.anonymous_id
          ? `${index + 1} of ${total} in this list`
          : `Student ${index + 1} of ${total}`}
      </span>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onMove(1)}
        disabled={!canMove(1)}
        aria-keyshortcuts="j ArrowRight"
      >
        Next
        <ChevronRight aria-hidden />
      </Button>
      <label className="ml-auto flex min-w-0 items-center gap-2 text-sm">
        <span className="shrink-0 font-medium">Jump to Student</span>
        <select
          className="h-9 min-w-0 max-w-64 rounded-lg border border-slate-300 bg-white px-2 text-sm"
          value={index}
          onChange={(event) => onSelect(Number(event.target.value))}
        >
          {submissions.map((submission, position) => {
            const status = submissionStatus(submission);
            return (
              <option key={submission.id} value={position}>
                {submission.user.sortable_name} ({STATUS_LABELS[status]})
              </option>
            );
          })}
        </select>
      </label>
    </nav>
  );
}
