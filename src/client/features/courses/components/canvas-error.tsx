import { ButtonLink } from '@/client/ui/button';
import { ErrorState } from '@/client/ui/feedback';
import { ApiError } from '@/client/lib/api-client';
import { CLIENT_ERROR_CODE, ERROR_CODE } from '@/shared/error-codes';

/**
 * How a failed Canvas read is shown: reconnect for token problems, the institution page for an
 * institution's admin with no Canvas of her own (decision 062), retry for everything else.
 */
export function CanvasErrorState({ error, title, onRetry }: { error: Error; title: string; onRetry: () => void }) {
  const code = error instanceof ApiError ? error.code : CLIENT_ERROR_CODE.UNKNOWN;
  if (code === ERROR_CODE.FORBIDDEN && error instanceof ApiError && error.details?.reason === 'institution_admin') {
    return (
      <ErrorState title="Courses and grading are for teaching" message={error.message}>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/institution" size="sm">
            Open the institution page
          </ButtonLink>
          <ButtonLink to="/canvas-setup" size="sm" variant="outline">
            Connect my own Canvas
          </ButtonLink>
        </div>
      </ErrorState>
    );
  }
  if (code === ERROR_CODE.CANVAS_NOT_CONNECTED) {
    return (
      <ErrorState title="Canvas is not connected" message="Connect your Canvas account to see your courses here.">
        <div>
          <ButtonLink to="/canvas-setup" size="sm">
            Connect Canvas
          </ButtonLink>
        </div>
      </ErrorState>
    );
  }
  if (code === ERROR_CODE.CANVAS_TOKEN_INVALID) {
    return (
      <ErrorState title={title} message={error.message} onRetry={onRetry}>
        <div>
          <ButtonLink to="/canvas-setup" size="sm" variant="outline">
            Update Canvas connection
          </ButtonLink>
        </div>
      </ErrorState>
    );
  }
  return <ErrorState title={title} message={error.message} onRetry={onRetry} />;
}
