import { usePageMeta } from '@/client/lib/page-meta';
import { ResourceCenter } from '@/client/features/literacy/components/resource-center';

export default function AiLiteracyRoute() {
  usePageMeta(
    'AI Literacy Resource Center',
    'AI literacy for teachers: the Pedagogy Hub, the Assignment Integration Tool, resource collections coming in Fall 2025 and the AI Literacy Newsletter.',
  );
  return <ResourceCenter />;
}
