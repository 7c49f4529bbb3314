import { useState, type FormEvent } from 'react';
import { MARGIN_CANVAS_SCOPES } from '@/shared/canvas-scopes';
import { useSearchParams } from 'react-router';
import { Building2, MailPlus, RotateCw, Trash2, UserMinus } from 'lucide-react';
import type { InstitutionSettings, InstitutionView } from '@/shared/schemas/institutions';
import { INSTITUTION_AI_PROVIDERS } from '@/shared/schemas/institutions';
import { AI_LINE } from '@/shared/ai-line';
import { formatCount } from '@/shared/usage';
import { ApiError } from '@/client/lib/api-client';
import { usePageMeta } from '@/client/lib/page-meta';
import { toast } from '@/client/lib/toast';
import { Page } from '@/client/components/page';
import {
  inviteTeacher,
  removeTeacher,
  resendInvitation,
  revokeInvitation,
  saveSettings,
  useInstitution,
  useInstitutionAction,
  useInstitutionAudit,
  useInvitations,
  useMembers,
} from '@/client/features/institutions/institution-api';
import { CreateInstitutionCard } from '@/client/features/institutions/create-institution-card';
import { LtiKeyCard } from '@/client/features/institutions/lti-key-card';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge, EmptyState, ErrorState, Skeleton } from '@/client/ui/feedback';
import { Field, Input } from '@/client/ui/form';
import { Switch } from '@/client/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/ui/tabs';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never');
const formatMonth = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));
const errorText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';

/** The institution's admin dashboard: teachers, invitations, settings and the audit log. No student data. */
export default function InstitutionRoute() {
  usePageMeta('Institution');
  const institution = useInstitution();
  // The operator's invitation may come as a link: /institution?code=…
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  if (institution.isPending)
    return (
      <Page title="Institution">
        <Skeleton className="h-40 w-full" />
      </Page>
    );
  if (institution.isError && institution.error instanceof ApiError && institution.error.code === 'NOT_FOUND')
    return (
      <Page title="Institution">
        <CreateInstitutionCard initialCode={code} />
      </Page>
    );
  if (institution.isError)
    return (
      <Page title="Institution">
        <EmptyState icon={<Building2 className="size-8" aria-hidden />} title="No institution">
          {errorText(institution.error)}
        </EmptyState>
      </Page>
    );
  const view = institution.data;
  if (view.role !== 'admin')
    return (
      <Page title={view.name}>
        <Card>
          <CardContent className="pt-6 text-slate-700">
            You are a teacher of {view.name}. Its administrators manage its settings.
          </CardContent>
        </Card>
      </Page>
    );
  const plan =
    view.monthlyAllowance === null
      ? 'Unlimited submissions'
      : `${formatCount(view.monthlyAllowance)} submissions a month, shared by its teachers`;
  return (
    <Page title={view.name} description={`Institutional Plan · ${plan}`}>
      <Tabs defaultValue="teachers">
        <TabsList className="mb-4 flex-wrap">
          <TabsTrigger value="teachers">Teachers</TabsTrigger>
          <TabsTrigger value="invitations">Invitations</TabsTrigger>
          <TabsTrigger value="settings">Settings</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="teachers">
          <TeachersPanel />
        </TabsContent>
        <TabsContent value="invitations">
          <InvitationsPanel view={view} />
        </TabsContent>
        <TabsContent value="settings">
          <div className="flex flex-col gap-6">
            <SettingsPanel key={JSON.stringify(view)} view={view} />
            <LtiKeyCard key={`${view.ltiClientId}:${view.ltiDeploymentId}`} view={view} />
          </div>
        </TabsContent>
        <TabsContent value="audit">
          <AuditPanel />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function TeachersPanel() {
  const members = useMembers();
  const remove = useInstitutionAction(removeTeacher);
  if (members.isPending) return <Skeleton className="h-40 w-full" />;
  if (members.isError)
    return <ErrorState title="Error" message={errorText(members.error)} onRetry={() => void members.refetch()} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Teachers</CardTitle>
        <CardDescription>
          Who uses Margin at your institution, when they were last active, and how many submissions each graded by
          month. You never see their students’ work, drafts, grades or comments.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {members.data.members.map((member) => (
            <li key={member.userId} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-ink">
                  {member.fullName ?? member.email} {member.role === 'admin' ? <Badge tone="info">Admin</Badge> : null}
                </p>
                <p className="break-all text-sm text-slate-600">{member.email}</p>
                <p className="text-xs text-slate-600">
                  Joined {formatDate(member.joinedAt)} · Last active {formatDate(member.lastActiveAt)}
                </p>
                <p className="text-xs text-slate-600">
                  {member.usageByMonth.length === 0
                    ? 'No submissions graded yet'
                    : member.usageByMonth
                        .slice(0, 6)
                        .map((month) => `${formatMonth(month.month)}: ${formatCount(month.used)}`)
                        .join(' · ')}
                </p>
              </div>
              {member.role === 'teacher' ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={remove.isPending}
                  onClick={() => {
                    if (
                      !window.confirm(
                        `Remove ${member.fullName ?? member.email}? Her sessions and Canvas connection end now; her account stays hers.`,
                      )
                    )
                      return;
                    remove.mutate(member.userId, {
                      onSuccess: () => toast.success(`${member.fullName ?? member.email} was removed.`),
                      onError: (error) => toast.error(errorText(error)),
                    });
                  }}
                >
                  <UserMinus aria-hidden /> Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function InvitationsPanel({ view }: { view: InstitutionView }) {
  const invitations = useInvitations();
  const invite = useInstitutionAction(inviteTeacher);
  const resend = useInstitutionAction(resendInvitation);
  const revoke = useInstitutionAction(revokeInvitation);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    invite.mutate(email, {
      onSuccess: () => {
        toast.success(`Invitation sent to ${email}.`);
        setEmail('');
      },
      onError: (failure) => setError(errorText(failure)),
    });
  };
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Invite a teacher</CardTitle>
          <CardDescription>
            She receives a link that works once, for 7 days.
            {view.emailDomain ? ` Teachers with an address at ${view.emailDomain} can also join by signing up.` : ''}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
            <Field label="Teacher’s e-mail" error={error} required>
              {(ids) => (
                <Input
                  {...ids}
                  type="email"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                  autoComplete="off"
                />
              )}
            </Field>
            <Button type="submit" disabled={invite.isPending} className="self-start">
              <MailPlus aria-hidden /> Send invitation
            </Button>
          </form>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Pending invitations</CardTitle>
        </CardHeader>
        <CardContent>
          {invitations.isPending ? (
            <Skeleton className="h-20 w-full" />
          ) : invitations.isError ? (
            <ErrorState
              title="Error"
              message={errorText(invitations.error)}
              onRetry={() => void invitations.refetch()}
            />
          ) : invitations.data.invitations.length === 0 ? (
            <p className="text-sm text-slate-600">No invitation is waiting.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {invitations.data.invitations.map((invitation) => (
                <li key={invitation.id} className="flex flex-col gap-2 py-3">
                  <p className="break-all font-medium text-ink">{invitation.email}</p>
                  <p className="text-xs text-slate-600">
                    Sent {formatDate(invitation.sentAt)} · Expires {formatDate(invitation.expiresAt)}
                  </p>
                  <div className="flex gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        resend.mutate(invitation.id, {
                          onSuccess: () => toast.success(`A new link was sent to ${invitation.email}.`),
                          onError: (failure) => toast.error(errorText(failure)),
                        })
                      }
                    >
                      <RotateCw aria-hidden /> Resend
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() =>
                        revoke.mutate(invitation.id, {
                          onSuccess: () => toast.success(`The invitation to ${invitation.email} was revoked.`),
                          onError: (failure) => toast.error(errorText(failure)),
                        })
                      }
                    >
                      <Trash2 aria-hidden /> Revoke
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

type SettingsForm = {
  canvasUrl: string;
  canvasClientId: string;
  canvasClientSecret: string;
  canvasEnforcesScopes: boolean;
  allowPersonalTokens: boolean;
  emailDomain: string;
  aiProvider: string;
  aiModel: string;
  aiApiKey: string;
  aiBaseUrl: string;
  draftRetentionHours: string;
  addAiLine: boolean;
};

const formOf = (view: InstitutionView): SettingsForm => ({
  canvasUrl: view.canvasUrl ?? '',
  canvasClientId: view.canvasClientId ?? '',
  canvasClientSecret: '',
  canvasEnforcesScopes: view.canvasEnforcesScopes,
  allowPersonalTokens: view.allowPersonalTokens,
  emailDomain: view.emailDomain ?? '',
  aiProvider: view.aiProvider ?? '',
  aiModel: view.aiModel ?? '',
  aiApiKey: '',
  aiBaseUrl: view.aiBaseUrl ?? '',
  draftRetentionHours: view.draftRetentionHours ? String(view.draftRetentionHours) : '24',
  addAiLine: view.addAiLine,
});

const PROVIDER_LABELS: Record<(typeof INSTITUTION_AI_PROVIDERS)[number], string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible server',
};

function SettingsPanel({ view }: { view: InstitutionView }) {
  const [form, setForm] = useState(() => formOf(view));
  const [error, setError] = useState<string | undefined>();
  const save = useInstitutionAction(saveSettings);
  const set = <K extends keyof SettingsForm>(key: K, value: SettingsForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
    const provider = orNull(form.aiProvider) as InstitutionSettings['aiProvider'];
    const settings: InstitutionSettings = {
      canvasUrl: orNull(form.canvasUrl),
      canvasClientId: orNull(form.canvasClientId),
      ...(form.canvasClientSecret.trim() ? { canvasClientSecret: form.canvasClientSecret.trim() } : {}),
      canvasEnforcesScopes: form.canvasEnforcesScopes,
      allowPersonalTokens: form.allowPersonalTokens,
      emailDomain: orNull(form.emailDomain),
      aiProvider: provider,
      ...(provider
        ? {
            aiModel: orNull(form.aiModel),
            aiBaseUrl: orNull(form.aiBaseUrl),
            ...(form.aiApiKey.trim() ? { aiApiKey: form.aiApiKey.trim() } : {}),
          }
        : {}),
      draftRetentionHours: Number(form.draftRetentionHours) || null,
      addAiLine: form.addAiLine,
    };
    save.mutate(settings, {
      onSuccess: () => toast.success('Settings saved.'),
      onError: (failure) => setError(errorText(failure)),
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-6 lg:grid-cols-2" noValidate>
      <Card>
        <CardHeader>
          <CardTitle>Canvas</CardTitle>
          <CardDescription>Your Canvas address and the developer key for Connect with Canvas.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Field label="Canvas URL">
            {(ids) => (
              <Input
                {...ids}
                value={form.canvasUrl}
                onChange={(e) => set('canvasUrl', e.target.value)}
                placeholder="https://school.instructure.com"
              />
            )}
          </Field>
          <Field label="Developer key client ID">
            {(ids) => (
              <Input {...ids} value={form.canvasClientId} onChange={(e) => set('canvasClientId', e.target.value)} />
            )}
          </Field>
          <Field
            label="Developer key secret"
            hint={
              view.hasClientSecret
                ? 'A secret is saved. Leave empty to keep it.'
                : 'Stored encrypted; never shown again.'
            }
          >
            {(ids) => (
              <Input
                {...ids}
                type="password"
                autoComplete="off"
                value={form.canvasClientSecret}
                onChange={(e) => set('canvasClientSecret', e.target.value)}
              />
            )}
          </Field>
          <Switch
            checked={form.canvasEnforcesScopes}
            onCheckedChange={(checked) => set('canvasEnforcesScopes', checked)}
            label="The developer key enforces scopes"
            description="On when Enforce Scopes is on for the key in Canvas: Margin then asks only for the scopes below."
          />
          <details className="rounded-lg border border-slate-200 px-3 py-2 text-sm" data-testid="canvas-scopes">
            <summary className="cursor-pointer font-medium">
              The {MARGIN_CANVAS_SCOPES.length} API scopes to enable on the key
            </summary>
            <ul className="mt-2 flex flex-col gap-1 font-mono text-xs break-all text-slate-700">
              {MARGIN_CANVAS_SCOPES.map((scope) => (
                <li key={scope}>{scope}</li>
              ))}
            </ul>
          </details>
          <Switch
            checked={form.allowPersonalTokens}
            onCheckedChange={(checked) => set('allowPersonalTokens', checked)}
            label="Allow personal access tokens"
            description="Off: your teachers connect only with Connect with Canvas."
          />
          <Field
            label="Sign-up domain"
            hint="Teachers with an address at this domain join by confirming their e-mail. Leave empty to invite only."
          >
            {(ids) => (
              <Input
                {...ids}
                value={form.emailDomain}
                onChange={(e) => set('emailDomain', e.target.value)}
                placeholder="school.edu"
              />
            )}
          </Field>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>AI and drafts</CardTitle>
          <CardDescription>
            The AI your teachers’ drafts use, how long drafts are kept, and the line on comments.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <Field label="AI provider">
            {(ids) => (
              <select
                {...ids}
                className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
                value={form.aiProvider}
                onChange={(e) => set('aiProvider', e.target.value)}
              >
                <option value="">Margin’s (the installation’s)</option>
                {INSTITUTION_AI_PROVIDERS.map((provider) => (
                  <option key={provider} value={provider}>
                    {PROVIDER_LABELS[provider]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {form.aiProvider ? (
            <>
              <Field label="Model">
                {(ids) => (
                  <Input
                    {...ids}
                    value={form.aiModel}
                    onChange={(e) => set('aiModel', e.target.value)}
                    placeholder="The provider’s default"
                  />
                )}
              </Field>
              <Field
                label="API key"
                hint={
                  view.hasAiApiKey ? 'A key is saved. Leave empty to keep it.' : 'Stored encrypted; never shown again.'
                }
              >
                {(ids) => (
                  <Input
                    {...ids}
                    type="password"
                    autoComplete="off"
                    value={form.aiApiKey}
                    onChange={(e) => set('aiApiKey', e.target.value)}
                  />
                )}
              </Field>
              {form.aiProvider === 'openai-compatible' ? (
                <Field label="Server address">
                  {(ids) => (
                    <Input
                      {...ids}
                      value={form.aiBaseUrl}
                      onChange={(e) => set('aiBaseUrl', e.target.value)}
                      placeholder="https://ai.school.edu/v1"
                    />
                  )}
                </Field>
              ) : null}
            </>
          ) : null}
          <Field label="Keep drafts for (hours)" hint="From 1 to 24 hours.">
            {(ids) => (
              <Input
                {...ids}
                type="number"
                min={1}
                max={24}
                value={form.draftRetentionHours}
                onChange={(e) => set('draftRetentionHours', e.target.value)}
              />
            )}
          </Field>
          <Switch
            checked={form.addAiLine}
            onCheckedChange={(checked) => set('addAiLine', checked)}
            label="Add an AI line to comments"
            description={`“${AI_LINE}” ends every comment your teachers save, whatever their own setting.`}
          />
        </CardContent>
      </Card>
      <div className="flex flex-col gap-2 lg:col-span-2">
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={save.isPending} className="self-start">
          Save settings
        </Button>
      </div>
    </form>
  );
}

const ACTION_LABELS: Record<string, string> = {
  INSTITUTION_CREATED: 'Institution created',
  INSTITUTION_SETTINGS_CHANGED: 'Settings changed',
  INSTITUTION_PLAN_CHANGED: 'Plan changed',
  INSTITUTION_LTI_CHANGED: 'LTI key changed',
  TEACHER_INVITED: 'Teacher invited',
  TEACHER_INVITATION_RESENT: 'Invitation resent',
  TEACHER_INVITATION_REVOKED: 'Invitation revoked',
  TEACHER_JOINED: 'Teacher joined',
  TEACHER_REMOVED: 'Teacher removed',
};

function AuditPanel() {
  const audit = useInstitutionAudit();
  if (audit.isPending) return <Skeleton className="h-40 w-full" />;
  if (audit.isError)
    return <ErrorState title="Error" message={errorText(audit.error)} onRetry={() => void audit.refetch()} />;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Audit log</CardTitle>
        <CardDescription>Every action on your institution, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-200">
          {audit.data.entries.map((entry) => (
            <li key={entry.id} className="flex flex-col gap-0.5 py-2 text-sm">
              <span className="font-medium text-ink">{ACTION_LABELS[entry.action] ?? entry.action}</span>
              <span className="break-all text-slate-600">
                {dateTimeFormat.format(new Date(entry.createdAt))} · {entry.actorEmail ?? 'Margin'}
                {typeof entry.details?.email === 'string' ? ` · ${entry.details.email}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
