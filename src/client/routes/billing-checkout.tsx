import { useParams, useSearchParams } from 'react-router';
import { toReturnPath } from '@/shared/schemas/billing';
import { usePageMeta } from '@/client/lib/page-meta';
import { TestCheckoutView } from '@/client/features/billing/components/test-checkout-view';

/** /billing/checkout/:checkoutId: the local test mode's checkout (no payment provider configured). */
export default function BillingCheckoutRoute() {
  usePageMeta('Test checkout');
  const { checkoutId = '' } = useParams();
  const [searchParams] = useSearchParams();
  return <TestCheckoutView checkoutId={checkoutId} returnTo={toReturnPath(searchParams.get('return'), '/settings')} />;
}
