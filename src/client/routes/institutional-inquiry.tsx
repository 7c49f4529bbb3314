import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('Institutional Pricing Inquiry');
  return <NotYetAvailable title="Institutional Pricing Inquiry" />;
}
