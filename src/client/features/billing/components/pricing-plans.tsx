import { useEffect, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { PLANS, type Plan } from '@/shared/plans';
import { useSession } from '@/client/lib/session';
import type { PlanChangePreview, ReturnPath } from '@/shared/schemas/billing';
import { ApiError } from '@/client/lib/api-client';
import { Button, ButtonLink } from '@/client/ui/button';
import { Dialog } from '@/client/ui/dialog';
import { previewPlanChange } from '../api/start-checkout';
import { formatCents } from '../format';
import { useSubscription } from '../api/get-subscription';
import { useBillingActions } from '../use-billing-actions';
import { PlanCard } from './plan-card';

/**
 * The five plan cards: three in a row, then two, centred. Button rules (spec part 1 §2): signed
 * out → /auth; the teacher's own plan → disabled; Free Trial → /canvas-setup; otherwise checkout.
 * A checkout returns to `returnTo`.
 */
export function PricingPlans({ isYearly, returnTo = '/pricing' }: { isYearly: boolean; returnTo?: ReturnPath }) {
  const { user } = useSession();
  const subscription = useSubscription();
  // Where the checkout comes back to: Pricing, or the grading screen and student she left to upgrade.
  const actions = useBillingActions(returnTo);
  const currentTier = user ? subscription.data?.subscription_tier : undefined;
  const currentInterval = subscription.data?.billing_interval ?? null;
  const hasPaidPlan = Boolean(user && subscription.data?.subscribed && currentInterval);
  const [change, setChange] = useState<{ plan: Plan; preview: PlanChangePreview | null } | null>(null);
  // The teacher's own plan is "current" only at its own interval: the other interval is a switch.
  const isCurrentChoice = (plan: Plan) =>
    plan.name === currentTier && (plan.isTrial || !currentInterval || (currentInterval === 'year') === isYearly);

  async function askToChange(plan: Plan) {
    setChange({ plan, preview: null });
    try {
      setChange({ plan, preview: await previewPlanChange(plan.name, isYearly) });
    } catch (error) {
      setChange(null);
      toast.error('Error', {
        description: error instanceof ApiError ? error.message : 'Failed to create checkout session',
      });
    }
  }

  useEffect(() => {
    if (subscription.isError)
      toast.error('Error', { id: 'subscription-check', description: 'Failed to check subscription status' });
  }, [subscription.isError]);

  function action(plan: Plan) {
    const label = plan.buttonText;
    const variant = plan.popular ? 'primary' : 'outline';
    if (!user) {
      return (
        <ButtonLink to="/auth" variant={variant} size="lg" className="w-full">
          {label}
        </ButtonLink>
      );
    }
    if (isCurrentChoice(plan)) {
      return (
        <Button variant="outline" size="lg" className="w-full" disabled>
          Current Plan
        </Button>
      );
    }
    if (plan.isTrial) {
      return (
        <ButtonLink to="/canvas-setup" variant={variant} size="lg" className="w-full">
          {label}
        </ButtonLink>
      );
    }
    return (
      <Button
        variant={variant}
        size="lg"
        className="w-full"
        isLoading={actions.pending === `plan:${plan.name}`}
        disabled={actions.pending !== null || subscription.isPending}
        onClick={() => void (hasPaidPlan ? askToChange(plan) : actions.subscribe(plan.name, isYearly))}
      >
        {!hasPaidPlan
          ? label
          : plan.name === currentTier
            ? `Switch to ${isYearly ? 'yearly' : 'monthly'}`
            : `Switch to ${plan.name.replace(/ Plan$/, '')}`}
      </Button>
    );
  }

  return (
    <div className="flex flex-wrap justify-center gap-6">
      {PLANS.map((plan) => (
        <PlanCard
          key={plan.name}
          plan={plan}
          isYearly={isYearly}
          isCurrent={isCurrentChoice(plan)}
          ownPlanNote={
            hasPaidPlan && plan.name === currentTier && !isCurrentChoice(plan)
              ? `Your plan, billed ${currentInterval === 'year' ? 'yearly' : 'monthly'}`
              : undefined
          }
          action={action(plan)}
          className="w-full md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
        />
      ))}
      <Dialog
        open={change !== null}
        onOpenChange={(open) => (open ? undefined : setChange(null))}
        title={change ? `Change to the ${change.plan.name} (${isYearly ? 'yearly' : 'monthly'})?` : 'Change plan'}
        description={
          change?.preview?.replaces
            ? `This replaces your current ${change.preview.replaces.plan_name} (${change.preview.replaces.billing_interval === 'year' ? 'yearly' : 'monthly'}). It is cancelled once the new plan is paid, so you never pay for both.`
            : 'This starts your new plan.'
        }
      >
        {change?.preview ? (
          <div className="flex flex-col gap-4 text-sm" data-testid="plan-change-preview">
            <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5">
              <dt>Due now</dt>
              <dd className="text-right font-semibold" data-testid="plan-change-due-now">
                {formatCents(change.preview.due_now_cents)}
              </dd>
              {change.preview.credit_cents > 0 ? (
                <>
                  <dt>Credit for the unused part of your {change.preview.replaces?.plan_name}, on your next invoice</dt>
                  <dd className="text-right" data-testid="plan-change-credit">
                    −{formatCents(change.preview.credit_cents)}
                  </dd>
                </>
              ) : null}
            </dl>
            <p className="text-slate-600">Unused extra submissions stay with you.</p>
            <div className="flex flex-wrap justify-end gap-3">
              <Button variant="outline" onClick={() => setChange(null)}>
                Keep my plan
              </Button>
              <Button
                isLoading={actions.pending === `plan:${change.plan.name}`}
                onClick={() => {
                  const chosen = change.plan;
                  setChange(null);
                  void actions.subscribe(chosen.name, isYearly);
                }}
              >
                Continue to checkout
              </Button>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-600">Working out what is due…</p>
        )}
      </Dialog>
    </div>
  );
}
