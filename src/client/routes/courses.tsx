import { NotYetAvailable } from '@/client/components/page';
import { usePageMeta } from '@/client/lib/page-meta';

export default function Route() {
  usePageMeta('Courses');
  return <NotYetAvailable title="Courses" />;
}
