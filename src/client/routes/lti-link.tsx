import { useNavigate } from 'react-router';
import { ApiError } from '@/client/lib/api-client';
import { usePageMeta } from '@/client/lib/page-meta';
import { useSession } from '@/client/lib/session';
import { Page } from '@/client/components/page';
import { Button } from '@/client/ui/button';
import { ErrorState, Spinner } from '@/client/ui/feedback';
import { useLinkLtiLaunch, usePendingLtiLink } from '@/client/features/lti/api/lti-api';

/**
 * A teacher's first launch from Canvas: she signs in (or creates her account) once, then links her
 * Canvas account to it; later launches open her course signed in.
 */
export default function LtiLinkRoute() {
  usePageMeta('Open Margin from Canvas');
  const { user, loading } = useSession();
  const pending = usePendingLtiLink();
  const link = useLinkLtiLaunch();
  const navigate = useNavigate();

  if (loading || pending.isPending) return <Spinner label="Loading..." className="min-h-[30vh]" />;
  if (pending.isError)
    return (
      <Page title="Open Margin from Canvas">
        <ErrorState
          title="Nothing to link"
          message={
            pending.error instanceof ApiError && pending.error.message
              ? pending.error.message
              : 'Open Margin from your course’s navigation in Canvas.'
          }
        />
      </Page>
    );
  const { institutionName, canvasName, canvasEmail, courseTitle } = pending.data;
  const who = [canvasName, canvasEmail ? `(${canvasEmail})` : null].filter(Boolean).join(' ');

  return (
    <Page
      title="Open Margin from Canvas"
      description={`You opened Margin from ${courseTitle ?? 'a course'} in ${institutionName}’s Canvas.`}
    >
      <div className="flex max-w-2xl flex-col gap-4 rounded-lg border border-slate-200 bg-white p-6">
        {user ? (
          <>
            <p>
              Canvas says you are <strong>{who || 'an instructor'}</strong>. Link your Canvas account to the Margin
              account <strong>{user.email}</strong>: from now on, Margin opens from Canvas signed in as you.
            </p>
            {link.isError ? (
              <p role="alert" className="text-sm text-red-700">
                {link.error instanceof ApiError ? link.error.message : 'Margin could not link your account.'}
              </p>
            ) : null}
            <Button
              className="self-start"
              disabled={link.isPending}
              onClick={() =>
                link.mutate(undefined, { onSuccess: ({ openPath }) => void navigate(openPath, { replace: true }) })
              }
            >
              {link.isPending ? 'Linking...' : 'Link and open the course'}
            </Button>
          </>
        ) : (
          <>
            <p>
              Canvas says you are <strong>{who || 'an instructor'}</strong>. Sign in to your Margin account, or create
              one, once: Margin then remembers your Canvas account and opens from Canvas signed in.
            </p>
            <Button className="self-start" onClick={() => void navigate('/auth', { state: { from: '/lti/link' } })}>
              Sign in or create your account
            </Button>
          </>
        )}
      </div>
    </Page>
  );
}
