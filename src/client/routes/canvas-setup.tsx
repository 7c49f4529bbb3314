import { usePageMeta } from '@/client/lib/page-meta';
import { Page } from '@/client/components/page';
import { CanvasSetupForm } from '@/client/features/canvas/components/canvas-setup-form';
import { ConnectWithCanvasCard } from '@/client/features/canvas/components/connect-with-canvas-card';
import { useCanvasConnectOptions } from '@/client/features/canvas/api/canvas-api';

export default function CanvasSetupRoute() {
  usePageMeta('Connect Canvas', 'Connect your Canvas account to Margin.');
  // The server says whether (and with whose developer key) this teacher may Connect with Canvas.
  const oauth = useCanvasConnectOptions().data?.oauth ?? null;
  return (
    <Page
      title="Connect Canvas"
      description="Link your Canvas account so Margin can read your courses and save the grades you approve."
    >
      <div className="flex flex-col gap-6">
        {oauth ? <ConnectWithCanvasCard option={oauth} /> : null}
        <CanvasSetupForm />
      </div>
    </Page>
  );
}
