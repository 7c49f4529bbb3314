import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '@/client/lib/toast';
import { ApiError } from '@/client/lib/api-client';
import { usePageMeta } from '@/client/lib/page-meta';
import { Page } from '@/client/components/page';
import { ButtonLink } from '@/client/ui/button';
import { ErrorState, Spinner } from '@/client/ui/feedback';
import { useCompleteCanvasAuthorization } from '@/client/features/canvas/api/canvas-api';
import { useConnectWithCanvas } from '@/client/features/canvas/components/connect-with-canvas-card';

/**
 * Where Canvas sends the teacher back after Authorize (or Cancel). The code and state go to the
 * server once (a state works only once), and the address bar is cleared of them.
 */
export default function CanvasSetupCallbackRoute() {
  usePageMeta('Connecting Canvas');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompleteCanvasAuthorization();
  const { connect, isStarting } = useConnectWithCanvas();
  const hasSent = useRef(false);

  useEffect(() => {
    if (hasSent.current) return;
    hasSent.current = true;
    const state = params.get('state') ?? '';
    const code = params.get('code');
    const error = params.get('error');
    window.history.replaceState(null, '', '/canvas-setup/callback');
    complete.mutate(
      { state, ...(code ? { code } : {}), ...(error ? { error } : {}) },
      {
        onSuccess: (connection) => {
          toast.success('Canvas Connected!', {
            description: connection.user
              ? `Connected with Canvas as ${connection.user.name}.`
              : 'Your Canvas account has been connected.',
          });
          void navigate('/dashboard', { replace: true });
        },
      },
    );
  }, [complete, navigate, params]);

  return (
    <Page title="Connect Canvas" description="Finishing the connection with your Canvas account.">
      {complete.isError ? (
        <ErrorState
          title="Canvas is not connected"
          message={
            complete.error instanceof ApiError && complete.error.message
              ? complete.error.message
              : 'Canvas did not complete the connection. Please try again.'
          }
        >
          <div className="flex flex-wrap gap-3">
            <ButtonLink to="/canvas-setup" variant="outline" size="sm">
              Back to Connect Canvas
            </ButtonLink>
          </div>
          {isStarting ? <Spinner label="Opening Canvas..." /> : null}
          <button type="button" className="self-start text-sm font-medium underline" onClick={() => void connect()}>
            Connect with Canvas again
          </button>
        </ErrorState>
      ) : (
        <Spinner label="Connecting to Canvas..." className="min-h-[30vh]" />
      )}
    </Page>
  );
}
