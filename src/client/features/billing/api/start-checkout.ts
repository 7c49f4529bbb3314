import type { BillingRedirect, CreateCheckoutRequest, PlanChangePreview, ReturnPath } from '@/shared/schemas/billing';
import { apiFetch } from '@/client/lib/api-client';

/** create-checkout: a plan, monthly or yearly. The server prices it from the catalogue. */
export function createCheckout(request: CreateCheckoutRequest) {
  return apiFetch<BillingRedirect>('/api/billing/checkout', { method: 'POST', body: request });
}

/** create-submission-purchase: 100 extra submissions for the current billing period. */
export function createSubmissionPurchase(returnTo: ReturnPath) {
  return apiFetch<BillingRedirect>('/api/billing/submission-purchase', { method: 'POST', body: { returnTo } });
}

/** customer-portal: change plan, cancel, invoices. */
export function openCustomerPortal(returnTo: ReturnPath) {
  return apiFetch<BillingRedirect>('/api/billing/portal', { method: 'POST', body: { returnTo } });
}

/** What changing to this plan replaces, and what is due now. */
export function previewPlanChange(planName: string, isYearly: boolean) {
  const query = new URLSearchParams({ planName, isYearly: String(isYearly) });
  return apiFetch<PlanChangePreview>(`/api/billing/plan-change?${query}`);
}
