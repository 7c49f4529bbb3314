import { useSearchParams } from 'react-router';
import { toReturnPath } from '@/shared/schemas/billing';
import { usePageMeta } from '@/client/lib/page-meta';
import { TestPortalView } from '@/client/features/billing/components/test-portal-view';

/** /billing/portal: the local test mode's customer portal (no payment provider configured). */
export default function BillingPortalRoute() {
  usePageMeta('Billing portal');
  const [searchParams] = useSearchParams();
  return <TestPortalView returnTo={toReturnPath(searchParams.get('return'), '/settings')} />;
}
