import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('AI Pedagogy Hub');
  return <NotYetAvailable title="AI Pedagogy Hub" />;
}
