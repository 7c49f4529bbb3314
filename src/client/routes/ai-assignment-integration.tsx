import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('AI Literacy Assignment Integration Tool');
  return <NotYetAvailable title="AI Literacy Assignment Integration Tool" />;
}
