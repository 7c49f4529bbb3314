import { usePageMeta } from '@/client/lib/page-meta';
import { Page } from '@/client/components/page';
import { Card, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { CanvasSetupForm } from '@/client/features/canvas/components/canvas-setup-form';
import { ConnectWithCanvasCard } from '@/client/features/canvas/components/connect-with-canvas-card';
import { useCanvasConnectOptions } from '@/client/features/canvas/api/canvas-api';

/** Shown instead of the token form when the teacher's school asks for Connect with Canvas only. */
function PersonalTokensOff({ hasConnectWithCanvas }: { hasConnectWithCanvas: boolean }) {
  return (
    <Card data-testid="personal-tokens-off">
      <CardHeader>
        <CardTitle>Personal access tokens are turned off</CardTitle>
        <CardDescription>
          {hasConnectWithCanvas
            ? 'Your school asks its teachers to connect with Connect with Canvas above, not with a personal access token.'
            : 'Your school asks its teachers to connect with Connect with Canvas, not with a personal access token, and has not set it up yet. Ask your school’s Margin administrator to enter its Canvas developer key.'}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

export default function CanvasSetupRoute() {
  usePageMeta('Connect Canvas', 'Connect your Canvas account to Margin.');
  // The server says whether (and with whose developer key) this teacher may Connect with Canvas,
  // and whether her school lets her paste a personal access token.
  const options = useCanvasConnectOptions();
  const oauth = options.data?.oauth ?? null;
  const tokensOff = options.data?.personalTokensAllowed === false;
  return (
    <Page
      title="Connect Canvas"
      description="Link your Canvas account so Margin can read your courses and save the grades you approve."
    >
      <div className="flex flex-col gap-6">
        {oauth ? <ConnectWithCanvasCard option={oauth} /> : null}
        {options.isPending ? null : tokensOff ? (
          <PersonalTokensOff hasConnectWithCanvas={oauth !== null} />
        ) : (
          <CanvasSetupForm />
        )}
      </div>
    </Page>
  );
}
