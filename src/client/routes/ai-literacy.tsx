import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('AI Literacy Resource Center');
  return <NotYetAvailable title="AI Literacy Resource Center" />;
}
