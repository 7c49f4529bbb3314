import { useEffect } from 'react';
import { toast } from 'sonner';
import { PLANS, type Plan } from '@/shared/plans';
import { useSession } from '@/client/lib/session';
import { Button, ButtonLink } from '@/client/ui/button';
import { useSubscription } from '../api/get-subscription';
import { useBillingActions } from '../use-billing-actions';
import { PlanCard } from './plan-card';

/**
 * The five plan cards: three in a row, then two, centred. Button rules (spec part 1 §2): signed
 * out → /auth; the teacher's own plan → disabled; Free Trial → /canvas-setup; otherwise checkout.
 */
export function PricingPlans({ isYearly }: { isYearly: boolean }) {
  const { user } = useSession();
  const subscription = useSubscription();
  const actions = useBillingActions('/pricing');
  const currentTier = user ? subscription.data?.subscription_tier : undefined;

  useEffect(() => {
    if (subscription.isError) toast.error('Error', { id: 'subscription-check', description: 'Failed to check subscription status' });
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
    if (plan.name === currentTier) {
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
        onClick={() => void actions.subscribe(plan.name, isYearly)}
      >
        {label}
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
          isCurrent={plan.name === currentTier}
          action={action(plan)}
          className="w-full md:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
        />
      ))}
    </div>
  );
}
