import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { QuizGradingState, QuizGradingSubmission } from '@/shared/schemas/quiz-grading';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge } from '@/client/ui/feedback';
import { formatScore } from '@/client/features/grading/kernel/format';

const QUIZ_STATE_LABELS: Record<QuizGradingState, string> = {
  graded: 'Graded',
  pending_review: 'Needs review',
  complete: 'Needs grading',
  untaken: 'In progress',
};
const QUIZ_STATE_TONES = {
  graded: 'success',
  pending_review: 'warning',
  complete: 'info',
  untaken: 'neutral',
} as const;

export function QuizStateBadge({ state }: { state: QuizGradingState }) {
  return <Badge tone={QUIZ_STATE_TONES[state]}>{QUIZ_STATE_LABELS[state]}</Badge>;
}

/** The first column: n of total, previous/next and every student's quiz submission. */
export function QuizStudentList({
  submissions,
  index,
  onSelect,
  onMove,
  canMove,
}: {
  submissions: QuizGradingSubmission[];
  index: number;
  onSelect: (index: number) => void;
  /** Next (1) and Previous (-1), as the teacher chose to walk the list. */
  onMove: (direction: 1 | -1) => void;
  canMove: (direction: 1 | -1) => boolean;
}) {
  return (
    <Card className="flex min-w-0 flex-col lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)]">
      <CardHeader className="gap-3 pb-2">
        <CardTitle className="text-base">Students</CardTitle>
        <div className="flex items-center justify-between gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => onMove(-1)}
            disabled={!canMove(-1)}
            aria-label="Previous student"
            aria-keyshortcuts="k ArrowLeft"
          >
            <ChevronLeft aria-hidden />
          </Button>
          <span className="text-sm font-medium" data-testid="student-position" aria-live="polite">
            {index + 1} of {submissions.length}
          </span>
          <Button
            variant="outline"
            size="icon"
            onClick={() => onMove(1)}
            disabled={!canMove(1)}
            aria-label="Next student"
            aria-keyshortcuts="j ArrowRight"
          >
            <ChevronRight aria-hidden />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="min-h-0 flex-1 overflow-y-auto px-3 max-lg:max-h-72">
        <ul className="flex flex-col gap-1" aria-label="Students">
          {submissions.map((submission, position) => (
            <li key={submission.id}>
              <button
                type="button"
                onClick={() => onSelect(position)}
                aria-current={position === index ? 'true' : undefined}
                data-testid="quiz-student"
                className={cn(
                  'flex w-full flex-col gap-1 rounded-lg px-2 py-2 text-left text-sm transition-colors',
                  position === index ? 'bg-brand-50 ring-1 ring-brand-200' : 'hover:bg-slate-50',
                )}
              >
                <span className="truncate font-medium">{submission.user.sortable_name}</span>
                <span className="flex items-center justify-between gap-2 text-xs text-slate-600">
                  <QuizStateBadge state={submission.workflow_state} />
                  <span className="tabular-nums">
                    {submission.score === null ? '–' : formatScore(submission.score)}
                    {submission.points_possible !== null ? ` / ${formatScore(submission.points_possible)}` : ''}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
