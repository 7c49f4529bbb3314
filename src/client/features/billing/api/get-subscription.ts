import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { SubscriptionStatus } from '@/shared/schemas/billing';
import { apiFetch } from '@/client/lib/api-client';
import { publicConfigQuery } from '@/client/lib/public-config';
import { usageQuery } from '@/client/lib/usage';
import { useSession } from '@/client/lib/session';

/** check-subscription: the teacher's plan, read from our API (which payment events keep current). */
export const subscriptionQuery = (userId: string) =>
  queryOptions({
    queryKey: ['billing', 'subscription', userId],
    queryFn: ({ signal }) => apiFetch<SubscriptionStatus>('/api/billing/subscription', { signal }),
    staleTime: 30_000,
  });

export function useSubscription() {
  const { user } = useSession();
  return useQuery({ ...subscriptionQuery(user?.id ?? 'none'), enabled: Boolean(user) });
}

/** Checks plan and usage again: the dashboard, settings and grading screens all read these two. */
export async function refreshBilling(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: usageQuery.queryKey }),
    queryClient.invalidateQueries({ queryKey: ['billing', 'subscription'] }),
  ]);
}

/** With Stripe, the webhook can land a moment after the teacher is back: look again shortly after. */
export async function refreshBillingAfterPurchase(queryClient: QueryClient): Promise<void> {
  await refreshBilling(queryClient);
  const config = await queryClient.fetchQuery(publicConfigQuery).catch(() => null);
  if (config?.billingMode !== 'stripe') return;
  for (const delay of [3000, 10_000]) {
    window.setTimeout(() => void refreshBilling(queryClient), delay);
  }
}
