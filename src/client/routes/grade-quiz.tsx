import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('Grade Quiz');
  return <NotYetAvailable title="Grade Quiz" />;
}
