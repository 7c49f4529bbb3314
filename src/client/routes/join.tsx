import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/client/lib/api-client';
import { usePageMeta } from '@/client/lib/page-meta';
import { Page } from '@/client/components/page';
import { joinInstitution } from '@/client/features/institutions/institution-api';
import { ButtonLink } from '@/client/ui/button';
import { Card, CardContent } from '@/client/ui/card';
import { Spinner } from '@/client/ui/feedback';

/** The link of an invitation or a domain confirmation, followed while signed in. */
export default function JoinRoute() {
  usePageMeta('Join your institution');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<
    { kind: 'working' } | { kind: 'joined'; name: string } | { kind: 'failed'; message: string }
  >({ kind: 'working' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    joinInstitution(token).then(
      (joined) => setState({ kind: 'joined', name: joined.institutionName }),
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof ApiError ? error.message : 'Something went wrong. Please try again.',
        }),
    );
  }, [token]);
  return (
    <Page title="Join your institution">
      <Card>
        <CardContent className="flex flex-col items-start gap-4 pt-6">
          {state.kind === 'working' ? <Spinner label="Joining…" /> : null}
          {state.kind === 'joined' ? (
            <>
              <p className="text-ink">You are now a teacher of {state.name} on Margin. Your grading uses its plan.</p>
              <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
            </>
          ) : null}
          {state.kind === 'failed' ? (
            <p role="alert" className="text-red-700">
              {state.message}
            </p>
          ) : null}
        </CardContent>
      </Card>
    </Page>
  );
}
