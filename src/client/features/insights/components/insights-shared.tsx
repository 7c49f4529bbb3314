import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, RefreshCw } from 'lucide-react';
import { Button } from '@/client/ui/button';
import { ErrorState } from '@/client/ui/feedback';
import { courseInsightsKey, refreshCourseInsights } from '../api/insights-api';

export function Stat({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      <p className="text-xl font-semibold tabular-nums text-ink" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Reads Canvas again now, instead of the figures of the last minute. */
export function RefreshButton({ courseId }: { courseId: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      isLoading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await refreshCourseInsights(courseId);
        } catch {
          // The queries below show Canvas's failure when they ask again.
        } finally {
          await queryClient.invalidateQueries({ queryKey: courseInsightsKey(courseId) });
          setBusy(false);
        }
      }}
    >
      <RefreshCw aria-hidden />
      Refresh from Canvas
    </Button>
  );
}

export function CsvButton({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <Button variant="outline" size="sm" onClick={onClick}>
      <Download aria-hidden />
      {label}
    </Button>
  );
}

export function InsightsError({ error, title, onRetry }: { error: Error; title: string; onRetry: () => void }) {
  return <ErrorState title={title} message={error.message} onRetry={onRetry} />;
}
