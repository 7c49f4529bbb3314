import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/client/lib/toast';
import { findPlan } from '@/shared/plans';
import type { SubscriptionStatus } from '@/shared/schemas/billing';
import { apiFetch } from '@/client/lib/api-client';
import { refreshBilling, refreshBillingAfterPurchase } from './api/get-subscription';
import { announceBillingChange, onBillingChange } from './billing-broadcast';

/**
 * The return from a checkout (spec part 1 §4): `?purchase=success|cancelled` shows its toast, is
 * removed from the address (replacing history), and on success plan and usage are checked again.
 * A plan is said to be active only once our API shows it: the address alone proves nothing (a
 * payment event may still be on its way, or the address was typed).
 * Used by /settings, /dashboard, /pricing and the grading screens, the pages a checkout returns to.
 */
export function usePurchaseReturn() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const outcome = searchParams.get('purchase');
  const planName = searchParams.get('plan');

  useEffect(() => {
    if (outcome !== 'success' && outcome !== 'cancelled') return;
    if (outcome === 'success') {
      // Only a catalogue plan's name is ever repeated from the address.
      const found = findPlan(planName);
      const plan = found && !found.isTrial ? found : null;
      void (async () => {
        await refreshBillingAfterPurchase(queryClient);
        const status = plan ? await apiFetch<SubscriptionStatus>('/api/billing/subscription').catch(() => null) : null;
        toast.success('Purchase Successful!', {
          id: 'purchase-return',
          description: !plan
            ? 'Your additional submissions have been added.'
            : status?.subscription_tier === plan.name
              ? `Your ${plan.name} is now active.`
              : `Your payment for the ${plan.name} went through. It shows here as soon as the payment service confirms it.`,
        });
      })();
      announceBillingChange();
    } else {
      toast.error('Purchase Cancelled', { id: 'purchase-return', description: 'Your purchase was cancelled.' });
    }
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('purchase');
        next.delete('plan');
        return next;
      },
      { replace: true },
    );
  }, [outcome, planName, queryClient, setSearchParams]);

  useEffect(() => onBillingChange(() => void refreshBilling(queryClient)), [queryClient]);
}
