import type { BillingInterval } from '@/shared/schemas/billing';

/** $19.99, $199.90, $5, $0: cents only when there are any. */
export function formatUsd(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}

export function formatCents(cents: number): string {
  return formatUsd(cents / 100);
}

export function perInterval(interval: BillingInterval): '/month' | '/year' {
  return interval === 'year' ? '/year' : '/month';
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
