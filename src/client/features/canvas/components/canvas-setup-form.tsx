import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { CheckCircle2, ExternalLink, Eye, EyeOff, Loader2, PlugZap, ShieldCheck, XCircle } from 'lucide-react';
import { toast } from '@/client/lib/toast';
import { normalizeCanvasUrl } from '@/shared/canvas-url';
import type { CanvasUser } from '@/shared/schemas/canvas';
import { ApiError } from '@/client/lib/api-client';
import { usePublicConfig } from '@/client/lib/public-config';
import { Button, ButtonLink } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Field, Input } from '@/client/ui/form';
import {
  testCanvasConnection,
  useCanvasConnectOptions,
  useCanvasConnection,
  useSaveCanvasConnection,
} from '../api/canvas-api';
import { ERROR_CODE } from '@/shared/error-codes';

type Status =
  | { state: 'not-connected' }
  | { state: 'saved'; instanceUrl: string; user: CanvasUser | null }
  | { state: 'testing' }
  | { state: 'connected'; user: CanvasUser }
  | { state: 'failed'; message: string };

const CONNECTION_FAILED_FALLBACK = 'Unable to connect to Canvas. Please check your URL and API token.';
export const SUGGESTED_TOKEN_PURPOSE = 'Margin Grading Assistant';

export function CanvasSetupForm() {
  const navigate = useNavigate();
  const publicConfig = usePublicConfig();
  const connectOptions = useCanvasConnectOptions();
  const existing = useCanvasConnection();
  const save = useSaveCanvasConnection();
  const [canvasUrl, setCanvasUrl] = useState('');
  const [canvasToken, setCanvasToken] = useState('');
  const [isTokenVisible, setTokenVisible] = useState(false);
  const [status, setStatus] = useState<Status>({ state: 'not-connected' });
  const [hasEditedUrl, setHasEditedUrl] = useState(false);
  const [hasEdited, setHasEdited] = useState(false);

  // Until the teacher types, the URL field shows the saved instance (the token is never sent back).
  const urlValue = hasEditedUrl
    ? canvasUrl
    : existing.data?.method === 'oauth'
      ? ''
      : (existing.data?.instanceUrl ?? '');
  const isComplete = urlValue.trim() !== '' && canvasToken.trim() !== '';
  const normalizedUrl = normalizeCanvasUrl(urlValue);
  const demo = publicConfig.data?.demoCanvas ?? null;

  function edit(update: () => void) {
    update();
    setHasEdited(true);
    setStatus({ state: 'not-connected' });
  }

  // Before the teacher changes anything, the box tells the truth about the saved connection.
  // A connection made with Connect with Canvas is shown on its own card, not as a saved token.
  const saved = existing.data?.method === 'oauth' ? undefined : existing.data;
  const shownStatus: Status =
    status.state === 'not-connected' && !hasEdited && saved?.connected
      ? saved.problem
        ? { state: 'failed', message: saved.problem }
        : { state: 'saved', instanceUrl: saved.instanceUrl ?? '', user: saved.user }
      : status;

  async function runTest() {
    if (!isComplete) {
      toast.error('Missing Information', {
        description: 'Please enter both Canvas URL and API token to test the connection.',
      });
      return;
    }
    setStatus({ state: 'testing' });
    try {
      const result = await testCanvasConnection({ canvasUrl: normalizedUrl, canvasToken: canvasToken.trim() });
      setStatus({ state: 'connected', user: result.user });
      toast.success('Connection Successful!', { description: `Connected to Canvas as ${result.user.name}` });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : CONNECTION_FAILED_FALLBACK;
      setStatus({ state: 'failed', message });
      toast.error('Connection Failed', { description: message || CONNECTION_FAILED_FALLBACK });
    }
  }

  async function runSave(event?: FormEvent) {
    event?.preventDefault();
    if (!isComplete) {
      toast.error('Missing Information', { description: 'Please enter both Canvas URL and API token.' });
      return;
    }
    if (status.state !== 'connected') {
      toast.error('Connection Not Verified', {
        description: 'Please test your connection first to ensure the settings are correct.',
      });
      return;
    }
    try {
      await save.mutateAsync({ canvasUrl: normalizedUrl, canvasToken: canvasToken.trim() });
      toast.success('Canvas Connected!', { description: 'Your Canvas account has been successfully connected.' });
      await navigate('/dashboard');
    } catch (error) {
      console.error('Saving Canvas settings failed', error);
      toast.error('Save Failed', {
        description:
          error instanceof ApiError && error.status < 500 && error.code !== ERROR_CODE.INTERNAL
            ? error.message
            : 'Failed to save Canvas settings. Please try again.',
      });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card>
        <CardHeader>
          <CardTitle>{connectOptions.data?.oauth ? 'Or: a personal access token' : 'Canvas connection'}</CardTitle>
          <CardDescription>
            For a teacher connecting on her own: your Canvas address and a personal access token. We test it before
            saving.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-5" onSubmit={runSave} noValidate>
            {demo ? (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed border-brand-200 bg-brand-50 p-3 text-sm">
                <span>No Canvas at hand? Explore Margin with a demo teacher account.</span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() =>
                    edit(() => {
                      setHasEditedUrl(true);
                      setCanvasUrl(demo.url);
                      setCanvasToken(demo.token);
                    })
                  }
                >
                  <PlugZap aria-hidden />
                  Try the demo Canvas
                </Button>
              </div>
            ) : null}
            <Field label="Canvas URL" hint="For example school.instructure.com. We add https:// for you.">
              {(ids) => (
                <Input
                  {...ids}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  placeholder="https://yourschool.instructure.com"
                  value={urlValue}
                  onChange={(event) =>
                    edit(() => {
                      setHasEditedUrl(true);
                      setCanvasUrl(event.target.value);
                    })
                  }
                />
              )}
            </Field>
            <Field
              label="Canvas API Token"
              hint={
                existing.data?.connected && existing.data.method !== 'oauth'
                  ? 'A token is saved. Enter a new one to change the connection.'
                  : undefined
              }
            >
              {(ids) => (
                <div className="relative">
                  <Input
                    {...ids}
                    type={isTokenVisible ? 'text' : 'password'}
                    autoComplete="off"
                    spellCheck={false}
                    className="pr-11"
                    placeholder="Paste your access token"
                    value={canvasToken}
                    onChange={(event) => edit(() => setCanvasToken(event.target.value))}
                  />
                  <button
                    type="button"
                    className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-ink"
                    aria-label={isTokenVisible ? 'Hide token' : 'Show token'}
                    onClick={() => setTokenVisible((visible) => !visible)}
                  >
                    {isTokenVisible ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
                  </button>
                </div>
              )}
            </Field>

            <ConnectionStatus status={shownStatus} />

            <div className="flex flex-wrap gap-3">
              <Button variant="outline" onClick={runTest} disabled={!isComplete} isLoading={status.state === 'testing'}>
                Test Connection
              </Button>
              <Button type="submit" disabled={!isComplete} isLoading={save.isPending}>
                Save &amp; Continue
              </Button>
              <ButtonLink to="/dashboard" variant="ghost">
                Skip for now
              </ButtonLink>
            </div>
          </form>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>How to create a token</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-slate-700">
              <li>Sign in to Canvas and open Account, then Settings.</li>
              <li>Under Approved Integrations, choose + New Access Token.</li>
              <li>
                For Purpose, enter <strong>{SUGGESTED_TOKEN_PURPOSE}</strong>.
              </li>
              <li>Set an expiry date at least 1 year away, so grading is not interrupted mid-term.</li>
              <li>Choose Generate Token, copy it, and paste it here. Canvas shows it only once.</li>
            </ol>
            <a
              href={normalizedUrl ? `${normalizedUrl}/profile/settings` : undefined}
              target="_blank"
              rel="noopener noreferrer"
              aria-disabled={!normalizedUrl}
              className={`mt-4 inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium ${normalizedUrl ? 'hover:bg-slate-50' : 'pointer-events-none opacity-55'}`}
            >
              <ExternalLink className="size-4" aria-hidden />
              Open Canvas Settings
            </a>
            {!normalizedUrl ? <p className="mt-2 text-xs text-slate-600">Enter your Canvas URL first.</p> : null}
          </CardContent>
        </Card>
        <div className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          <ShieldCheck className="size-5 shrink-0 text-brand-600" aria-hidden />
          <p>
            Margin is a third-party tool, independent of Instructure. Your token is encrypted on our server, never shown
            again in your browser, and used only to read your courses and save the grades you approve. You can revoke it
            in Canvas at any time.
          </p>
        </div>
      </div>
    </div>
  );
}

function ConnectionStatus({ status }: { status: Status }) {
  const content = {
    'not-connected': {
      icon: <PlugZap className="size-5 text-slate-500" aria-hidden />,
      text: 'Not connected. Test the connection to continue.',
      classes: 'border-slate-200 bg-slate-50 text-slate-700',
    },
    saved: {
      icon: <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />,
      text:
        status.state === 'saved'
          ? `Connected to ${status.instanceUrl}${status.user ? ` as ${status.user.name}` : ''}. Enter a new token only to change it.`
          : '',
      classes: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    },
    testing: {
      icon: <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden />,
      text: 'Testing the connection...',
      classes: 'border-brand-100 bg-brand-50 text-brand-700',
    },
    connected: {
      icon: <CheckCircle2 className="size-5 text-emerald-600" aria-hidden />,
      text:
        status.state === 'connected'
          ? `Connected as ${status.user.name}${status.user.email ? ` (${status.user.email})` : ''}`
          : '',
      classes: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    },
    failed: {
      icon: <XCircle className="size-5 text-red-600" aria-hidden />,
      text: status.state === 'failed' ? status.message : '',
      classes: 'border-red-200 bg-red-50 text-red-900',
    },
  }[status.state];
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="connection-status"
      className={`flex items-center gap-3 rounded-lg border p-3 text-sm ${content.classes}`}
    >
      <span className="shrink-0">{content.icon}</span>
      <span className="min-w-0 break-words">{content.text}</span>
    </div>
  );
}
