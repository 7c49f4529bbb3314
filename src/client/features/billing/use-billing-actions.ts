import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/client/lib/toast';
import type { PlanName } from '@/shared/plans';
import type { ReturnPath } from '@/shared/schemas/billing';
import { ApiError } from '@/client/lib/api-client';
import { useSession } from '@/client/lib/session';
import { createCheckout, createSubmissionPurchase, openCustomerPortal } from './api/start-checkout';
import { openInNewTab } from './open-in-new-tab';

const hasReason = (error: ApiError) =>
  error.status === 409 || error.status === 429 || error.code === 'BILLING_NOT_CONFIGURED';

type PendingAction = `plan:${PlanName}` | 'extra-pack' | 'portal';

/**
 * Buying a plan, an extra pack, and opening the billing portal, each in a new tab, with the
 * spec's toasts (part 1 §5, §8) when the teacher is not signed in or the call fails.
 */
export function useBillingActions(returnTo: ReturnPath) {
  const { session } = useSession();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingAction | null>(null);

  async function run(
    action: PendingAction,
    fetchUrl: () => Promise<string>,
    messages: { failure: string; signIn: string },
  ) {
    const requireSignIn = () => {
      toast.error('Authentication Required', { description: messages.signIn });
      void navigate('/auth');
    };
    if (!session) return requireSignIn();
    setPending(action);
    try {
      await openInNewTab(fetchUrl);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return requireSignIn();
      // A refusal with a reason (this plan is already yours, too many tries, no billing here) says it; anything else gets the spec's text.
      const description = error instanceof ApiError && hasReason(error) ? error.message : messages.failure;
      toast.error('Error', { description });
      if (!(error instanceof ApiError)) console.error(error);
    } finally {
      setPending(null);
    }
  }

  return {
    pending,
    subscribe: (planName: PlanName, isYearly: boolean) =>
      run(`plan:${planName}`, async () => (await createCheckout({ planName, isYearly, returnTo })).url, {
        failure: 'Failed to create checkout session',
        signIn: 'Please sign in to subscribe',
      }),
    buyExtraSubmissions: () =>
      run('extra-pack', async () => (await createSubmissionPurchase(returnTo)).url, {
        failure: 'Failed to create purchase session',
        signIn: 'Please sign in to purchase additional submissions',
      }),
    openPortal: () =>
      run('portal', async () => (await openCustomerPortal(returnTo)).url, {
        failure: 'Failed to open customer portal',
        signIn: 'Please sign in to subscribe',
      }),
  };
}
