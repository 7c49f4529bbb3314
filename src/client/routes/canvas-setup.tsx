import { usePageMeta } from '@/client/lib/page-meta';
import { Page } from '@/client/components/page';
import { CanvasSetupForm } from '@/client/features/canvas/components/canvas-setup-form';

export default function CanvasSetupRoute() {
  usePageMeta('Connect Canvas', 'Connect your Canvas account to Margin with a personal access token.');
  return (
    <Page
      title="Connect Canvas"
      description="Link your Canvas account so Margin can read your courses and save the grades you approve."
    >
      <CanvasSetupForm />
    </Page>
  );
}
