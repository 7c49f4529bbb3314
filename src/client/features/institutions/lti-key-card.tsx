import { useRef, useState, type FormEvent } from 'react';
import { Check, Copy } from 'lucide-react';
import { institutionLtiSettingsSchema, type InstitutionView } from '@/shared/schemas/institutions';
import { ApiError } from '@/client/lib/api-client';
import { toast } from '@/client/lib/toast';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Field, Input } from '@/client/ui/form';
import { saveLtiKey, useInstitutionAction } from './institution-api';

type Errors = { ltiClientId?: string; ltiDeploymentId?: string; form?: string };

/**
 * Launch from Canvas (decision 064): the configuration URL the admin gives Canvas to create Margin's
 * LTI key, then the key's client id and the deployment id Canvas shows once it is installed.
 */
export function LtiKeyCard({ view }: { view: InstitutionView }) {
  const [clientId, setClientId] = useState(view.ltiClientId ?? '');
  const [deploymentId, setDeploymentId] = useState(view.ltiDeploymentId ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [copied, setCopied] = useState(false);
  const urlInput = useRef<HTMLInputElement>(null);
  const save = useInstitutionAction(saveLtiKey);
  const isSaved = view.ltiClientId !== null && view.ltiDeploymentId !== null;
  const isChanged =
    clientId.trim() !== (view.ltiClientId ?? '') || deploymentId.trim() !== (view.ltiDeploymentId ?? '');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(view.ltiConfigurationUrl);
      setCopied(true);
      toast.success('Configuration URL copied.');
    } catch {
      // The browser refused the clipboard: the address is selected, ready for Ctrl+C.
      urlInput.current?.select();
      toast('Your browser did not allow copying. The address is selected: copy it with Ctrl+C.');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const client = clientId.trim();
    const deployment = deploymentId.trim();
    if ((client === '') !== (deployment === '')) {
      setErrors(
        client === ''
          ? { ltiClientId: 'Enter the LTI key’s client id with its deployment id.' }
          : { ltiDeploymentId: 'Enter the deployment id Canvas shows after you install the key.' },
      );
      return;
    }
    const parsed = institutionLtiSettingsSchema.safeParse({
      ltiClientId: client || null,
      ltiDeploymentId: deployment || null,
    });
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === 'ltiClientId' || field === 'ltiDeploymentId') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(parsed.data, {
      onSuccess: (saved) =>
        toast.success(saved.ltiClientId ? 'LTI key saved. Canvas can launch Margin.' : 'LTI key removed.'),
      onError: (failure) => {
        const message = failure instanceof ApiError ? failure.message : 'Something went wrong. Please try again.';
        setErrors(
          failure instanceof ApiError && failure.code === 'CONFLICT' ? { ltiClientId: message } : { form: message },
        );
      },
    });
  };

  return (
    <Card data-testid="lti-key-card">
      <CardHeader>
        <CardTitle>Launch from Canvas (LTI 1.3)</CardTitle>
        <CardDescription>
          Your teachers open Margin from a course’s navigation in Canvas, signed in. In Canvas, go to Admin → Developer
          Keys → + Developer Key → LTI Key, choose “Enter URL” and paste this configuration URL. Save the key, turn it
          on, then add the app by its client id (Settings → Apps → + App).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <Field label="Configuration URL" hint="Canvas reads Margin’s launch addresses and public key from it.">
          {(ids) => (
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                {...ids}
                ref={urlInput}
                readOnly
                value={view.ltiConfigurationUrl}
                onFocus={(event) => event.target.select()}
                className="font-mono text-xs"
              />
              <Button variant="outline" onClick={() => void copy()} className="shrink-0">
                {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? 'Copied' : 'Copy URL'}
              </Button>
            </div>
          )}
        </Field>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate aria-label="LTI key">
          <Field
            label="LTI key client ID"
            error={errors.ltiClientId}
            hint="The number in the Details column of Developer Keys, such as 10000000000042."
          >
            {(ids) => (
              <Input
                {...ids}
                inputMode="numeric"
                autoComplete="off"
                value={clientId}
                onChange={(event) => setClientId(event.target.value)}
              />
            )}
          </Field>
          <Field
            label="Deployment ID"
            error={errors.ltiDeploymentId}
            hint="Shown in Settings → Apps, under the app’s gear menu → Deployment Id, once it is installed."
          >
            {(ids) => (
              <Input
                {...ids}
                autoComplete="off"
                value={deploymentId}
                onChange={(event) => setDeploymentId(event.target.value)}
                className="font-mono"
              />
            )}
          </Field>
          {errors.form ? (
            <p role="alert" className="text-sm text-red-700">
              {errors.form}
            </p>
          ) : null}
          <p className="text-sm text-slate-700" role="status" data-testid="lti-key-status">
            {isSaved
              ? `Saved: Canvas launches Margin with client ID ${view.ltiClientId}, deployment ${view.ltiDeploymentId}.`
              : 'No LTI key saved yet: launches from Canvas are refused.'}
            {isSaved && !view.canvasUrl ? ' Enter your Canvas URL above too: launches are checked against it.' : ''}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" isLoading={save.isPending} disabled={!isChanged}>
              {save.isPending ? 'Saving…' : 'Save LTI key'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
