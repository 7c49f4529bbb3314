import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('Terms of Service');
  return <NotYetAvailable title="Terms of Service" />;
}
