import { usePageMeta } from '@/client/lib/page-meta';
import { usePublicConfig } from '@/client/lib/public-config';
import { Page } from '@/client/components/page';
import { CanvasSetupForm } from '@/client/features/canvas/components/canvas-setup-form';
import { ConnectWithCanvasCard } from '@/client/features/canvas/components/connect-with-canvas-card';

export default function CanvasSetupRoute() {
  usePageMeta('Connect Canvas', 'Connect your Canvas account to Margin.');
  const oauth = usePublicConfig().data?.canvasOAuth ?? null;
  return (
    <Page
      title="Connect Canvas"
      description="Link your Canvas account so Margin can read your courses and save the grades you approve."
    >
      <div className="flex flex-col gap-6">
        {oauth ? <ConnectWithCanvasCard canvasUrl={oauth.canvasUrl} /> : null}
        <CanvasSetupForm />
      </div>
    </Page>
  );
}
