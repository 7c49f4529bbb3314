import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeTestPlanRequest, SubscriptionStatus, TestCheckout } from '@/shared/schemas/billing';
import { apiFetch } from '@/client/lib/api-client';

/** The local test-mode billing's own checkout and portal (no payment provider configured). */
export const testCheckoutQuery = (checkoutId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', checkoutId],
    queryFn: ({ signal }) =>
      apiFetch<TestCheckout>(`/api/billing/test-mode/checkouts/${encodeURIComponent(checkoutId)}`, { signal }),
  });

export function useTestCheckout(checkoutId: string) {
  return useQuery(testCheckoutQuery(checkoutId));
}

export function completeTestCheckout(checkoutId: string) {
  return apiFetch<{ status: 'completed' }>(
    `/api/billing/test-mode/checkouts/${encodeURIComponent(checkoutId)}/complete`,
    { method: 'POST' },
  );
}

export function cancelTestCheckout(checkoutId: string) {
  return apiFetch<{ status: 'cancelled' }>(
    `/api/billing/test-mode/checkouts/${encodeURIComponent(checkoutId)}/cancel`,
    { method: 'POST' },
  );
}

export function changeTestPlan(request: ChangeTestPlanRequest) {
  return apiFetch<SubscriptionStatus>('/api/billing/test-mode/portal/plan', { method: 'POST', body: request });
}

export function cancelTestSubscription() {
  return apiFetch<SubscriptionStatus>('/api/billing/test-mode/portal/cancel', { method: 'POST' });
}

export function resumeTestSubscription() {
  return apiFetch<SubscriptionStatus>('/api/billing/test-mode/portal/resume', { method: 'POST' });
}
