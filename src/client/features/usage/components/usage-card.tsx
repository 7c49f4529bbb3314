import { AlertTriangle, CheckCircle2, Gauge, XCircle } from 'lucide-react';
import { formatCount, usageLevel } from '@/shared/usage';
import { useUsage } from '@/client/lib/usage';
import { cn } from '@/client/lib/cn';
import { ButtonLink } from '@/client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { ErrorState, Skeleton } from '@/client/ui/feedback';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** The billing-period usage card of the dashboard and settings. */
export function UsageCard({ className }: { className?: string }) {
  const usage = useUsage();
  return (
    <Card className={className}>
      {/* The plan's name keeps to one line: on a narrow card it moves under the title, whole. */}
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <CardTitle className="flex items-center gap-2">
          <Gauge className="size-5 text-brand-600" aria-hidden />
          Submissions this period
        </CardTitle>
        {usage.data ? (
          <span className="whitespace-nowrap text-sm font-medium text-slate-600">{usage.data.subscription_tier}</span>
        ) : null}
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-full" />
          </div>
        ) : usage.isError ? (
          <ErrorState
            title="Error"
            message="Failed to check subscription status"
            onRetry={() => void usage.refetch()}
          />
        ) : (
          <UsageDetails usage={usage.data} />
        )}
      </CardContent>
    </Card>
  );
}

function UsageDetails({ usage }: { usage: NonNullable<ReturnType<typeof useUsage>['data']> }) {
  const level = usageLevel(usage);
  const barColour =
    level.level === 'reached' ? 'bg-red-500' : level.level === 'warning' ? 'bg-amber-500' : 'bg-emerald-500';
  const Icon = level.level === 'reached' ? XCircle : level.level === 'warning' ? AlertTriangle : CheckCircle2;
  const iconColour =
    level.level === 'reached' ? 'text-red-600' : level.level === 'warning' ? 'text-amber-600' : 'text-emerald-600';
  return (
    <div className="flex flex-col gap-3" data-testid="usage-card">
      <p className="text-2xl font-semibold" data-testid="usage-count">
        {formatCount(usage.submissions_used)}{' '}
        <span className="text-base font-normal text-slate-600">of {formatCount(usage.total_limit)} used</span>
      </p>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Submissions used"
        aria-valuemin={0}
        aria-valuemax={usage.total_limit}
        aria-valuenow={usage.submissions_used}
      >
        <div
          className={cn('h-full rounded-full', barColour)}
          style={{ width: `${Math.min(100, usage.percentage)}%` }}
        />
      </div>
      <p className="flex items-center gap-2 text-sm">
        <Icon className={cn('size-4', iconColour)} aria-hidden />
        <span className="font-medium">{level.title}</span>
        {level.level !== 'reached' ? (
          <span className="text-slate-600">· {formatCount(level.remaining)} remaining</span>
        ) : null}
      </p>
      {usage.purchased_submissions > 0 ? (
        <p className="text-sm text-slate-600">
          Includes {formatCount(usage.purchased_submissions)} purchased submissions ({formatCount(usage.limit)} from
          your plan).
        </p>
      ) : null}
      <p className="text-sm text-slate-600">
        {usage.next_reset_date
          ? `Resets ${dateFormat.format(new Date(usage.next_reset_date))} (${usage.days_remaining} ${usage.days_remaining === 1 ? 'day' : 'days'} remaining)`
          : 'Free Trial: 10 submissions in total. They do not reset.'}
      </p>
      {level.level !== 'ok' ? (
        <div>
          <ButtonLink to="/pricing" size="sm" variant={level.level === 'reached' ? 'primary' : 'outline'}>
            See plans
          </ButtonLink>
        </div>
      ) : null}
    </div>
  );
}
