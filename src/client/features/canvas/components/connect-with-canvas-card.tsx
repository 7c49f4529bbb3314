import { useState } from 'react';
import { CheckCircle2, LogIn, RefreshCw, XCircle } from 'lucide-react';
import { toast } from '@/client/lib/toast';
import { ApiError } from '@/client/lib/api-client';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import type { CanvasConnectOptions } from '@/shared/schemas/canvas';
import { startCanvasAuthorization, useCanvasConnection, useDisconnectCanvas } from '../api/canvas-api';

/** Sends the browser to Canvas's authorize page; Canvas brings it back to /canvas-setup/callback. */
export function useConnectWithCanvas() {
  const [isStarting, setStarting] = useState(false);
  async function connect() {
    setStarting(true);
    try {
      const { authorizeUrl } = await startCanvasAuthorization();
      window.location.assign(authorizeUrl);
    } catch (error) {
      setStarting(false);
      toast.error('Could not start Connect with Canvas', {
        description: error instanceof ApiError ? error.message : 'Please try again.',
      });
    }
  }
  return { connect, isStarting };
}

/**
 * "Connect with Canvas" (OAuth2 with a developer key): the way in where the teacher's school or this
 * installation set one up, saying whose key it is. Shows the connection it made, its problem with a
 * Reconnect button, and Disconnect.
 */
export function ConnectWithCanvasCard({ option }: { option: NonNullable<CanvasConnectOptions['oauth']> }) {
  const connection = useCanvasConnection();
  const disconnect = useDisconnectCanvas();
  const { connect, isStarting } = useConnectWithCanvas();
  const saved = connection.data?.method === 'oauth' ? connection.data : null;

  async function runDisconnect() {
    try {
      await disconnect.mutateAsync();
      toast.success('Canvas disconnected', { description: 'Margin no longer has access to your Canvas account.' });
    } catch (error) {
      toast.error('Could not disconnect', {
        description: error instanceof ApiError ? error.message : 'Please try again.',
      });
    }
  }

  return (
    <Card data-testid="connect-with-canvas">
      <CardHeader>
        <CardTitle>Connect with Canvas</CardTitle>
        <CardDescription data-testid="connect-with-canvas-source">
          {option.source === 'institution' && option.institutionName ? (
            <>
              Your school, {option.institutionName}, set up Connect with Canvas for{' '}
              <span className="break-all">{option.canvasUrl}</span>.
            </>
          ) : (
            <>
              This Margin is set up to connect with the Canvas at <span className="break-all">{option.canvasUrl}</span>.
            </>
          )}{' '}
          Sign in to Canvas and approve Margin: nothing to copy or paste.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {saved?.problem ? (
          <p
            role="status"
            data-testid="oauth-status"
            className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          >
            <XCircle className="size-5 shrink-0 text-red-600" aria-hidden />
            <span className="min-w-0 break-words">{saved.problem}</span>
          </p>
        ) : saved?.connected ? (
          <p
            role="status"
            data-testid="oauth-status"
            className="flex items-start gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            <CheckCircle2 className="size-5 shrink-0 text-emerald-600" aria-hidden />
            <span className="min-w-0 break-words">
              Connected with Canvas{saved.user ? ` as ${saved.user.name}` : ''}. Margin renews its access by itself.
            </span>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          {saved?.problem ? (
            <Button onClick={() => void connect()} isLoading={isStarting}>
              <RefreshCw aria-hidden />
              Reconnect with Canvas
            </Button>
          ) : saved?.connected ? null : (
            <Button onClick={() => void connect()} isLoading={isStarting}>
              <LogIn aria-hidden />
              Connect with Canvas
            </Button>
          )}
          {saved?.connected ? (
            <Button variant="outline" onClick={() => void runDisconnect()} isLoading={disconnect.isPending}>
              Disconnect
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
