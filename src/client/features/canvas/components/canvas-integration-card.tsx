import { PlugZap } from 'lucide-react';
import { ButtonLink } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge, Skeleton } from '@/client/ui/feedback';
import { useCanvasConnection } from '../api/canvas-api';

/** Settings' Canvas Integration card. */
export function CanvasIntegrationCard() {
  const connection = useCanvasConnection();
  const isConnected = connection.data?.connected ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Canvas Integration</CardTitle>
        <CardDescription>The Canvas account Margin reads from and saves grades to.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {connection.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : isConnected ? (
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all font-medium" data-testid="canvas-instance-url">
              {connection.data?.instanceUrl}
            </span>
            <Badge tone="success">Connected</Badge>
            {connection.data?.problem ? (
              <p className="w-full text-sm text-amber-800">{connection.data.problem}</p>
            ) : null}
          </div>
        ) : (
          <p className="flex items-center gap-2 text-slate-600">
            <PlugZap className="size-4" aria-hidden />
            No Canvas instance connected
          </p>
        )}
        <div>
          <ButtonLink to="/canvas-setup" variant={isConnected ? 'outline' : 'primary'}>
            {isConnected ? 'Update' : 'Setup'}
          </ButtonLink>
        </div>
      </CardContent>
    </Card>
  );
}
