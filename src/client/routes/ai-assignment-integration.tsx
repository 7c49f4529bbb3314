import { usePageMeta } from '@/client/lib/page-meta';
import { IntegrationTool } from '@/client/features/literacy/components/integration/integration-tool';

export default function AiAssignmentIntegrationRoute() {
  usePageMeta(
    'AI Literacy Assignment Integration Tool',
    'Add AI literacy to an assignment you already teach: DIVER suggestions for each phase and a revised assignment to edit, copy or download. Free, no sign-in.',
  );
  return <IntegrationTool />;
}
