import type { MailingListReceipt, MailingListSignupInput } from '@/shared/schemas/literacy';
import { apiFetch } from '@/client/lib/api-client';

/**
 * Newsletter and webinar sign-up. A plain fetcher, not a query hook: the resource center and the
 * community page stay outside the query layout so the public pages load light.
 */
export function signUpForList(signup: MailingListSignupInput): Promise<MailingListReceipt> {
  return apiFetch<MailingListReceipt>('/api/literacy/signups', { method: 'POST', body: signup });
}
