import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { LogOut } from 'lucide-react';
import { toast } from '@/client/lib/toast';
import { z } from 'zod';
import { usePageMeta } from '@/client/lib/page-meta';
import { ApiError } from '@/client/lib/api-client';
import { signOut } from '@/client/features/auth/api/auth-api';
import { useProfile } from '@/client/features/profile/api/profile-api';
import { useUpdateProfile } from '@/client/features/profile/api/update-profile';
import { Page } from '@/client/components/page';
import { CanvasIntegrationCard } from '@/client/features/canvas/components/canvas-integration-card';
import { GradingPreferencesCard } from '@/client/features/grading/kernel/grading-preferences-card';
import { SubscriptionCard } from '@/client/features/billing/components/subscription-card';
import { InstitutionCard } from '@/client/features/institutions/institution-card';
import { usePurchaseReturn } from '@/client/features/billing/use-purchase-return';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { ErrorState, Skeleton } from '@/client/ui/feedback';
import { Field, Input } from '@/client/ui/form';

const profileFormSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(120, 'Full name must be at most 120 characters'),
  schoolName: z.string().trim().max(160, 'School name must be at most 160 characters'),
});
type ProfileForm = z.infer<typeof profileFormSchema>;

export default function SettingsRoute() {
  usePageMeta('Settings');
  usePurchaseReturn();
  const navigate = useNavigate();
  return (
    <Page title="Settings" description="Your profile, Canvas connection, plan and grading choices.">
      <div className="grid gap-6 lg:grid-cols-2">
        <ProfileCard />
        <CanvasIntegrationCard />
        <SubscriptionCard />
        <InstitutionCard />
        <GradingPreferencesCard />
        <Card>
          <CardHeader>
            <CardTitle>AI in Margin</CardTitle>
            <CardDescription>
              Which model or engine drafts, what is sent and kept, and how to choose the offline engine.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/how-margin-uses-ai" className="font-medium text-brand-600 underline">
              How Margin uses AI
            </Link>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Account Actions</CardTitle>
            <CardDescription>Sign out of Margin on this device.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button
              variant="outline"
              onClick={async () => {
                await signOut();
                await navigate('/', { replace: true });
              }}
            >
              <LogOut aria-hidden />
              Sign Out
            </Button>
          </CardContent>
        </Card>
      </div>
    </Page>
  );
}

function ProfileCard() {
  const profile = useProfile();
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { fullName: '', schoolName: '' },
  });
  const { reset } = form;

  useEffect(() => {
    if (profile.data) reset({ fullName: profile.data.full_name ?? '', schoolName: profile.data.school_name ?? '' });
  }, [profile.data, reset]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile Information</CardTitle>
        <CardDescription>How Margin greets you and signs your mail.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isPending ? (
          <div className="flex flex-col gap-3">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : profile.isError ? (
          <ErrorState
            title="Could not load your profile"
            message={profile.error.message}
            onRetry={() => void profile.refetch()}
          />
        ) : (
          <div className="flex flex-col gap-5">
            {/* A long address or name wraps inside the card instead of widening the page. */}
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600">Name</dt>
              <dd className="font-medium wrap-anywhere" data-testid="profile-name">
                {profile.data.full_name || profile.data.email}
              </dd>
              <dt className="text-slate-600">Email</dt>
              <dd className="font-medium wrap-anywhere">{profile.data.email}</dd>
              <dt className="text-slate-600">School</dt>
              <dd className="font-medium wrap-anywhere">{profile.data.school_name || 'Not set'}</dd>
            </dl>
            <form
              className="flex flex-col gap-4"
              noValidate
              onSubmit={form.handleSubmit(async (values) => {
                try {
                  await update.mutateAsync(values);
                  toast.success('Profile updated');
                } catch (error) {
                  toast.error('Could not update your profile', {
                    description: error instanceof ApiError ? error.message : 'Please try again.',
                  });
                }
              })}
            >
              <Field label="Full name" error={form.formState.errors.fullName?.message}>
                {(ids) => <Input {...ids} autoComplete="name" {...form.register('fullName')} />}
              </Field>
              <Field label="School" error={form.formState.errors.schoolName?.message}>
                {(ids) => <Input {...ids} autoComplete="organization" {...form.register('schoolName')} />}
              </Field>
              <div>
                <Button type="submit" isLoading={form.formState.isSubmitting} disabled={!form.formState.isDirty}>
                  Save changes
                </Button>
              </div>
            </form>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
