import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { toast } from '@/client/lib/toast';
import type { PlanName } from '@/shared/plans';
import { formatCount } from '@/shared/usage';
import { PAID_PLANS, type ReturnPath, type SubscriptionStatus } from '@/shared/schemas/billing';
import { ApiError } from '@/client/lib/api-client';
import { useSession } from '@/client/lib/session';
import { Button, ButtonLink } from '@/client/ui/button';
import { Dialog } from '@/client/ui/dialog';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge, ErrorState, Skeleton } from '@/client/ui/feedback';
import { refreshBilling, subscriptionQuery, useSubscription } from '../api/get-subscription';
import { cancelTestSubscription, changeTestPlan, resumeTestSubscription } from '../api/test-mode';
import { announceBillingChange } from '../billing-broadcast';
import { formatDate, formatUsd, perInterval } from '../format';
import { BillingIntervalToggle } from './billing-interval-toggle';
import { TestModeBanner } from './test-mode-banner';

type PortalAction = `plan:${PlanName}` | 'cancel' | 'resume';

/** The local test mode's customer portal: switch plan, cancel at the end of the period, or resume. */
export function TestPortalView({ returnTo }: { returnTo: ReturnPath }) {
  const subscription = useSubscription();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-ink sm:text-3xl">Billing portal</h1>
        <ButtonLink to={returnTo} variant="ghost">
          <ArrowLeft aria-hidden />
          Return to Margin
        </ButtonLink>
      </div>
      <TestModeBanner>
        This is a stand-in for the payment provider’s customer portal. Plan changes apply at once and no card is
        charged.
      </TestModeBanner>
      {subscription.isPending ? (
        <Skeleton className="h-40 w-full" />
      ) : subscription.isError ? (
        <ErrorState
          title="Error"
          message="Failed to check subscription status"
          onRetry={() => void subscription.refetch()}
        />
      ) : subscription.data.subscribed ? (
        <ManageSubscription subscription={subscription.data} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>You are on the Free Trial</CardTitle>
            <CardDescription>
              There is no subscription to manage yet. Choose a plan on the pricing page.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ButtonLink to="/pricing">View Plans</ButtonLink>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function ManageSubscription({ subscription }: { subscription: SubscriptionStatus }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [isYearly, setYearly] = useState(subscription.billing_interval === 'year');
  const [pending, setPending] = useState<PortalAction | null>(null);
  const [isConfirmingCancel, setConfirmingCancel] = useState(false);
  const endDate = subscription.subscription_end ? formatDate(subscription.subscription_end) : null;

  async function apply(action: PortalAction, request: () => Promise<SubscriptionStatus>, success: string) {
    setPending(action);
    try {
      const status = await request();
      queryClient.setQueryData(subscriptionQuery(user?.id ?? 'none').queryKey, status);
      await refreshBilling(queryClient);
      announceBillingChange();
      toast.success(success);
    } catch (error) {
      toast.error('Error', {
        description: error instanceof ApiError ? error.message : 'Failed to open customer portal',
      });
    } finally {
      setPending(null);
    }
  }

  const isCurrentChoice = (plan: PlanName) =>
    plan === subscription.subscription_tier && (subscription.billing_interval === 'year') === isYearly;

  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle>Current plan</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <span className="text-xl font-semibold" data-testid="portal-tier">
              {subscription.subscription_tier}
            </span>
            <Badge tone="brand">{subscription.billing_interval === 'year' ? 'Yearly' : 'Monthly'}</Badge>
            {subscription.cancel_at_period_end ? (
              <Badge tone="warning">Cancelled</Badge>
            ) : (
              <Badge tone="success">Active</Badge>
            )}
          </div>
          {subscription.subscription_end ? (
            <p className="text-sm text-slate-600">
              {subscription.cancel_at_period_end
                ? `Your plan ends on ${formatDate(subscription.subscription_end)}. You keep it until then.`
                : `Renews on ${formatDate(subscription.subscription_end)}. Cancelling takes effect at the end of the ${subscription.billing_interval === 'year' ? 'term' : 'billing cycle'}.`}
            </p>
          ) : null}
          <div>
            {subscription.cancel_at_period_end ? (
              <Button
                variant="outline"
                isLoading={pending === 'resume'}
                disabled={pending !== null}
                onClick={() => void apply('resume', resumeTestSubscription, 'Your plan will renew.')}
              >
                Resume subscription
              </Button>
            ) : (
              <Dialog
                open={isConfirmingCancel}
                onOpenChange={setConfirmingCancel}
                title={`Cancel your ${subscription.subscription_tier}?`}
                description={
                  endDate
                    ? `It will not renew. You keep it, and its submissions, until ${endDate}; then you are back on the Free Trial.`
                    : 'It will not renew. You keep it until the end of the current period; then you are back on the Free Trial.'
                }
                trigger={
                  <Button variant="destructive" disabled={pending !== null}>
                    Cancel subscription
                  </Button>
                }
              >
                <div className="flex flex-wrap justify-end gap-3">
                  <Button variant="outline" onClick={() => setConfirmingCancel(false)}>
                    Keep my plan
                  </Button>
                  <Button
                    variant="destructive"
                    isLoading={pending === 'cancel'}
                    disabled={pending !== null}
                    onClick={() =>
                      void apply(
                        'cancel',
                        cancelTestSubscription,
                        endDate ? `Your plan ends on ${endDate}.` : 'Your plan ends at the end of the period.',
                      ).then(() => setConfirmingCancel(false))
                    }
                  >
                    Cancel at period end
                  </Button>
                </div>
              </Dialog>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-4">
          <div className="flex flex-col gap-1.5">
            <CardTitle>Change plan</CardTitle>
            <CardDescription>
              The same billing period continues, unless you switch between monthly and yearly.
            </CardDescription>
          </div>
          <BillingIntervalToggle isYearly={isYearly} onChange={setYearly} showSavingNote={false} />
        </CardHeader>
        <CardContent>
          <ul className="flex flex-col divide-y divide-slate-200">
            {PAID_PLANS.map((plan) => (
              <li key={plan.name} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <p className="font-medium text-ink">{plan.name}</p>
                  <p className="text-sm text-slate-600">
                    {formatUsd(isYearly ? plan.yearlyPrice : plan.monthlyPrice)}
                    {perInterval(isYearly ? 'year' : 'month')} · {formatCount(plan.submissionLimit)} submissions per
                    month
                  </p>
                </div>
                {isCurrentChoice(plan.name) ? (
                  <Badge tone="success">Current Plan</Badge>
                ) : (
                  <Button
                    variant="outline"
                    size="sm"
                    isLoading={pending === `plan:${plan.name}`}
                    disabled={pending !== null}
                    onClick={() =>
                      void apply(
                        `plan:${plan.name}`,
                        () => changeTestPlan({ planName: plan.name, isYearly }),
                        `You are now on the ${plan.name}.`,
                      )
                    }
                  >
                    Switch to {plan.name}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </>
  );
}
