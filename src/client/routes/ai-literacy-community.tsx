import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('Stay Connected with AI Literacy Community');
  return <NotYetAvailable title="Stay Connected with AI Literacy Community" />;
}
