import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, CheckCircle2, RefreshCw } from 'lucide-react';
import { needsGradingPath, type NeedsGradingItem } from '@/shared/schemas/canvas';
import { formatCount } from '@/shared/usage';
import { Button, ButtonLink } from '@/client/ui/button';
import { Badge, EmptyState } from '@/client/ui/feedback';
import { needsGradingQuery, useNeedsGrading } from '../api/courses-api';
import { formatDateTime, formatPoints } from '../format';
import { isOverdue, sortByDueDate, type DueOrder } from '../needs-grading-order';
import { CanvasErrorState } from './canvas-error';
import { RotatingLoadingMessages } from './loading-messages';

export function NeedsGradingList() {
  const list = useNeedsGrading();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState<DueOrder>('oldest');
  const [isRefreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.fetchQuery({ ...needsGradingQuery, staleTime: 0 });
    } catch {
      // Shown by the query's error state.
    } finally {
      setRefreshing(false);
    }
  }

  if (list.isPending) return <RotatingLoadingMessages />;
  if (list.isError && !list.data) {
    return (
      <CanvasErrorState error={list.error} title="Could not load assignments" onRetry={() => void list.refetch()} />
    );
  }
  const items = sortByDueDate(list.data, order);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm">
          <span className="font-medium">Sort</span>
          <select
            value={order}
            onChange={(event) => setOrder(event.target.value as DueOrder)}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="oldest">Oldest First</option>
            <option value="newest">Newest First</option>
          </select>
        </label>
        <Button variant="outline" onClick={refresh} isLoading={isRefreshing}>
          {isRefreshing ? null : <RefreshCw aria-hidden />}
          Refresh
        </Button>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<CheckCircle2 />} title="No assignments need grading at this time." />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {items.map((item) => (
            <li key={`${item.course_id}-${item.id}`}>
              <NeedsGradingCard item={item} />
            </li>
          ))}
        </ul>
      )}
      <p className="text-sm text-slate-600" data-testid="needs-grading-footer">
        Showing {formatCount(items.length)} {items.length === 1 ? 'assignment' : 'assignments'} that need grading
      </p>
    </div>
  );
}

function NeedsGradingCard({ item }: { item: NeedsGradingItem }) {
  const overdue = isOverdue(item.due_at);
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="needs-grading-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold leading-snug">{item.name}</h2>
          <p className="text-sm text-slate-600">
            {item.course_name}
            {item.course_code ? ` · ${item.course_code}` : ''}
          </p>
        </div>
        <Badge tone="danger">{formatCount(item.needs_grading_count)} need grading</Badge>
      </div>
      <p className="flex items-center gap-2 text-sm text-slate-700">
        <CalendarClock className="size-4" aria-hidden />
        {item.due_at ? (
          <span>
            Due {formatDateTime(item.due_at)}
            {overdue ? <span className="ml-1 font-medium text-red-600">(Overdue)</span> : null}
          </span>
        ) : (
          <span>No due date</span>
        )}
        <span aria-hidden>·</span>
        <span>{formatPoints(item.points_possible)}</span>
      </p>
      <div className="mt-auto pt-1">
        <ButtonLink to={needsGradingPath(item)} className="w-full" aria-label={`Start Grading ${item.name}`}>
          Start Grading
        </ButtonLink>
      </div>
    </article>
  );
}
