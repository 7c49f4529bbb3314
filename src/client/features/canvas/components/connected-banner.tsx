import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import { Skeleton } from '@/client/ui/feedback';
import { useCanvasConnection } from '../api/canvas-api';

/** The dashboard's 'Connected to Canvas' banner, or a prompt to connect or reconnect. */
export function CanvasConnectionBanner() {
  const connection = useCanvasConnection();
  if (connection.isPending) return <Skeleton className="h-20 w-full rounded-xl" />;
  if (connection.isError) {
    return (
      <Banner tone="warning" title="Could not check your Canvas connection">
        {connection.error.message}{' '}
        <button className="font-medium underline" onClick={() => void connection.refetch()}>
          Try again
        </button>
      </Banner>
    );
  }
  const { connected, instanceUrl, user, problem, method } = connection.data;
  if (!connected) {
    return (
      <Banner tone="info" title="Connect your Canvas account">
        Margin reads your courses and student work from Canvas.{' '}
        <Link to="/canvas-setup" className="font-medium underline">
          Connect Canvas
        </Link>{' '}
        to start grading, or try the built-in demo Canvas.
      </Banner>
    );
  }
  if (problem) {
    return (
      <Banner tone="warning" title="Canvas needs your attention">
        {problem}{' '}
        <Link to="/canvas-setup" className="font-medium underline">
          {method === 'oauth' ? 'Reconnect with Canvas' : 'Update your Canvas connection'}
        </Link>
      </Banner>
    );
  }
  return (
    <div
      className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
      data-testid="canvas-connected-banner"
    >
      <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">Connected to Canvas</p>
        <p className="truncate text-sm">{instanceUrl}</p>
        {user ? (
          <p className="text-sm wrap-anywhere">
            Signed in to Canvas as {user.name}
            {user.email ? ` (${user.email})` : ''}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function Banner({ tone, title, children }: { tone: 'info' | 'warning'; title: string; children: React.ReactNode }) {
  const classes =
    tone === 'info' ? 'border-sky-200 bg-sky-50 text-sky-900' : 'border-amber-200 bg-amber-50 text-amber-900';
  return (
    <div
      className={`flex items-start gap-3 rounded-xl border p-4 ${classes}`}
      role={tone === 'warning' ? 'alert' : undefined}
    >
      <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{children}</p>
      </div>
    </div>
  );
}
