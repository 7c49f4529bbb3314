import { useState } from 'react';
import { CreditCard, PackagePlus, RefreshCw } from 'lucide-react';
import { toast } from '@/client/lib/toast';
import { EXTRA_PACK, findPlan } from '@/shared/plans';
import type { SubscriptionStatus } from '@/shared/schemas/billing';
import { formatCount, usageLevel, type UsageSummary } from '@/shared/usage';
import { cn } from '@/client/lib/cn';
import { usePublicConfig } from '@/client/lib/public-config';
import { useUsage } from '@/client/lib/usage';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge, ErrorState, Skeleton } from '@/client/ui/feedback';
import { useSubscription } from '../api/get-subscription';
import { formatDate, formatUsd, perInterval } from '../format';
import { useBillingActions } from '../use-billing-actions';
import { BillingOffNotice } from './test-mode-banner';

/** Settings' Subscription & Credits card (spec part 1 §2): plan, usage, billing portal, extra submissions. */
export function SubscriptionCard() {
  const subscription = useSubscription();
  const usage = useUsage();
  const config = usePublicConfig();
  const actions = useBillingActions('/settings');
  const [isRefreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    const results = await Promise.all([subscription.refetch(), usage.refetch()]);
    setRefreshing(false);
    if (results.some((result) => result.isError)) {
      toast.error('Error', { description: 'Failed to check subscription status' });
    } else {
      toast.success('Refreshed', { description: 'Subscription and usage data updated.' });
    }
  }

  return (
    <Card className="lg:col-span-2" data-testid="subscription-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle>Subscription &amp; Credits</CardTitle>
          <CardDescription>Your plan, this billing period’s submissions, and extra credits.</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refresh()} isLoading={isRefreshing}>
          {isRefreshing ? null : <RefreshCw aria-hidden />}
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {config.data?.billingMode === 'test' ? (
          <p className="rounded-lg border border-dashed border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            Test mode: purchases here are simulated and no real payment is taken.
          </p>
        ) : config.data?.billingMode === 'off' ? (
          <BillingOffNotice />
        ) : null}
        {subscription.isPending || usage.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-4 w-72" />
            <Skeleton className="h-3 w-full" />
          </div>
        ) : subscription.isError || usage.isError ? (
          <ErrorState
            title="Error"
            message="Failed to check subscription status"
            onRetry={() => void Promise.all([subscription.refetch(), usage.refetch()])}
          />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <PlanSummary subscription={subscription.data} />
            <UsageSummaryView usage={usage.data} />
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          {subscription.data?.subscribed ? (
            <Button
              variant="outline"
              onClick={() => void actions.openPortal()}
              isLoading={actions.pending === 'portal'}
            >
              {actions.pending === 'portal' ? null : <CreditCard aria-hidden />}
              Manage Billing
            </Button>
          ) : null}
          <ButtonLink to="/pricing" variant={subscription.data?.subscribed ? 'outline' : 'primary'}>
            {subscription.data?.subscribed ? 'Change Plan' : 'Upgrade Plan'}
          </ButtonLink>
        </div>
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-start gap-3">
            <PackagePlus className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            <div>
              <p className="font-medium text-ink">Extra submissions</p>
              <p className="text-sm text-slate-600">
                {EXTRA_PACK.submissions} more submissions for {formatUsd(EXTRA_PACK.priceUsd)}, valid for the current
                billing period.
              </p>
            </div>
          </div>
          <Button
            variant="secondary"
            className="shrink-0"
            onClick={() => void actions.buyExtraSubmissions()}
            isLoading={actions.pending === 'extra-pack'}
          >
            Buy {EXTRA_PACK.submissions} for {formatUsd(EXTRA_PACK.priceUsd)}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PlanSummary({ subscription }: { subscription: SubscriptionStatus }) {
  const plan = findPlan(subscription.subscription_tier);
  const interval = subscription.billing_interval ?? 'month';
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-600">Plan</p>
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-xl font-semibold text-ink" data-testid="subscription-tier">
          {subscription.subscription_tier}
        </span>
        {subscription.subscribed ? (
          subscription.cancel_at_period_end ? (
            <Badge tone="warning">Cancelled</Badge>
          ) : (
            <Badge tone="success">Active</Badge>
          )
        ) : (
          <Badge tone="neutral">Trial</Badge>
        )}
      </div>
      {subscription.subscribed && plan ? (
        <p className="text-sm text-slate-600">
          {formatUsd(interval === 'year' ? plan.yearlyPrice : plan.monthlyPrice)}
          {perInterval(interval)} · {formatCount(plan.submissionLimit)} submissions per month
        </p>
      ) : null}
      {subscription.subscription_end ? (
        <p className="text-sm text-slate-600">
          {subscription.cancel_at_period_end
            ? `Ends ${formatDate(subscription.subscription_end)}; you keep your plan until then.`
            : `Renews ${formatDate(subscription.subscription_end)}.`}
        </p>
      ) : (
        <p className="text-sm text-slate-600">10 free submissions in total. No credit card required.</p>
      )}
    </div>
  );
}

function UsageSummaryView({ usage }: { usage: UsageSummary }) {
  const level = usageLevel(usage);
  const barColour =
    level.level === 'reached' ? 'bg-red-500' : level.level === 'warning' ? 'bg-amber-500' : 'bg-emerald-500';
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium text-slate-600">Usage</p>
      <p className="text-xl font-semibold text-ink" data-testid="settings-usage-count">
        {formatCount(usage.submissions_used)}{' '}
        <span className="text-base font-normal text-slate-600">
          of {formatCount(usage.total_limit)} submissions used
        </span>
      </p>
      <div
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Submissions used this period"
        aria-valuemin={0}
        aria-valuemax={usage.total_limit}
        aria-valuenow={usage.submissions_used}
      >
        <div
          className={cn('h-full rounded-full', barColour)}
          style={{ width: `${Math.min(100, usage.percentage)}%` }}
        />
      </div>
      <p className="text-sm text-slate-600">
        <span className="font-medium text-ink">{level.title}</span>
        {level.level !== 'reached' ? ` · ${formatCount(level.remaining)} remaining` : null}
        {usage.purchased_submissions > 0 ? ` · includes ${formatCount(usage.purchased_submissions)} purchased` : null}
      </p>
      <p className="text-sm text-slate-600">
        {usage.next_reset_date
          ? `Resets ${formatDate(usage.next_reset_date)} (${usage.days_remaining} ${usage.days_remaining === 1 ? 'day' : 'days'} remaining)`
          : 'Free Trial submissions do not reset.'}
      </p>
    </div>
  );
}
