import { Bot } from 'lucide-react';
import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftJob } from '@/shared/schemas/grading';
import { ApiError } from '@/client/lib/api-client';
import { Button } from '@/client/ui/button';
import { useDraftWholeClass } from '../api/grading-api';

/** "Draft the whole class": drafts every submitted, ungraded student in the background. */
export function BatchDraftBar({
  courseId,
  assignmentId,
  job,
  waitingCount,
  options,
}: {
  courseId: string;
  assignmentId: string;
  job: DraftJob | null;
  waitingCount: number;
  options: GradingOptions;
}) {
  const start = useDraftWholeClass(courseId, assignmentId);
  const isRunning = job?.status === 'running';
  const done = job ? job.completed + job.failed : 0;
  const percent = job && job.total > 0 ? Math.round((done / job.total) * 100) : 0;

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-3">
      <Button
        variant="secondary"
        size="sm"
        disabled={isRunning || waitingCount === 0 || start.isPending}
        isLoading={start.isPending}
        onClick={async () => {
          // The bar itself tells the progress and a refusal: a toast would repeat it, go stale
          // ("Drafting 2..." beside "Drafted 2 of 2") and cover the screen while the class is drafted.
          try {
            await start.mutateAsync(options);
          } catch (error) {
            console.warn('Drafting the class did not start', error);
          }
        }}
      >
        {start.isPending ? null : <Bot aria-hidden />}
        Draft the whole class
      </Button>
      {start.isError ? (
        <p role="alert" className="flex-1 text-sm text-red-800" data-testid="batch-error">
          {start.error instanceof ApiError
            ? start.error.message
            : 'Drafting the class could not start. Please try again.'}
        </p>
      ) : job ? (
        <div className="flex min-w-48 flex-1 items-center gap-3">
          <div
            className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
            role="progressbar"
            aria-label="Drafting progress"
            aria-valuemin={0}
            aria-valuemax={job.total}
            aria-valuenow={done}
          >
            <div className="h-full rounded-full bg-accent-500 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <span className="text-sm text-slate-600" role="status" data-testid="batch-progress">
            {isRunning ? `Drafting ${done} of ${job.total}...` : `Drafted ${job.completed} of ${job.total}`}
            {job.failed > 0 ? ` (${job.failed} failed)` : ''}
            {job.failed > 0 && job.reason ? (
              <span className="block text-xs" data-testid="batch-failure-reason">
                {job.reason}
              </span>
            ) : null}
            {isRunning ? (
              <span className="block text-xs">Keep grading: each draft appears as soon as it is ready.</span>
            ) : null}
          </span>
        </div>
      ) : (
        <span className="text-sm text-slate-600">
          {waitingCount === 0
            ? 'No submitted, ungraded work to draft.'
            : `${waitingCount} submitted, ungraded ${waitingCount === 1 ? 'student' : 'students'}.`}
        </span>
      )}
    </div>
  );
}
