import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { findPlan } from '@/shared/plans';
import { refreshBilling, refreshBillingAfterPurchase } from './api/get-subscription';
import { announceBillingChange, onBillingChange } from './billing-broadcast';

/**
 * The return from a checkout (spec part 1 §4): `?purchase=success|cancelled` shows its toast, is
 * removed from the address (replacing history), and on success plan and usage are checked again.
 * Used by /settings, /dashboard and /pricing, the pages a checkout returns to.
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
      const plan = findPlan(planName);
      toast.success('Purchase Successful!', {
        id: 'purchase-return',
        description: plan && !plan.isTrial ? `Your ${plan.name} is now active.` : 'Your additional submissions have been added.',
      });
      void refreshBillingAfterPurchase(queryClient);
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
