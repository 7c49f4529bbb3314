import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { toast } from '@/client/lib/toast';
import { z } from 'zod';
import { emailSchema } from '@/shared/schemas/common';
import { MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT } from '@/shared/schemas/auth';
import { ApiError } from '@/client/lib/api-client';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Field, Input } from '@/client/ui/form';
import { signIn, signUp } from '../api/auth-api';

type Mode = 'sign-in' | 'sign-up';

const signInFormSchema = z.object({
  email: emailSchema,
  password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
  fullName: z.string(),
});
const signUpFormSchema = signInFormSchema.extend({ fullName: z.string().trim().min(1, 'Full name is required') });
type FormValues = z.infer<typeof signInFormSchema>;

const isFormField = (field: string | undefined): field is keyof FormValues =>
  field === 'email' || field === 'password' || field === 'fullName';

export function AuthForm() {
  const [mode, setMode] = useState<Mode>('sign-in');
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  // react-hook-form reads its options on every render, so the resolver follows the mode.
  const form = useForm<FormValues>({
    resolver: zodResolver(mode === 'sign-up' ? signUpFormSchema : signInFormSchema),
    defaultValues: { email: '', password: '', fullName: '' },
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: FormValues) {
    try {
      if (mode === 'sign-up') {
        const message = await signUp({
          email: values.email,
          password: values.password,
          fullName: values.fullName.trim(),
        });
        toast.success('Sign-up complete', { description: message });
        setMode('sign-in');
        form.reset({ email: values.email, password: '', fullName: '' });
        return;
      }
      await signIn({ email: values.email, password: values.password });
      await navigate(from && from !== '/auth' ? from : '/dashboard', { replace: true });
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
      // The server names the field it refused (a common password, an e-mail it cannot use).
      if (error instanceof ApiError && isFormField(error.field)) form.setError(error.field, { message });
      toast.error(mode === 'sign-up' ? 'Sign up failed' : 'Sign in failed', { description: message });
    }
  }

  const isSignUp = mode === 'sign-up';
  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle className="text-2xl">{isSignUp ? 'Create your account' : 'Welcome back'}</CardTitle>
        <CardDescription>
          {isSignUp ? 'Start with 10 free submissions. No credit card required.' : 'Sign in to continue grading.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          {isSignUp ? (
            <Field label="Full name" error={errors.fullName?.message}>
              {(ids) => <Input {...ids} autoComplete="name" {...form.register('fullName')} />}
            </Field>
          ) : null}
          <Field label="Email" error={errors.email?.message}>
            {(ids) => <Input {...ids} type="email" autoComplete="email" {...form.register('email')} />}
          </Field>
          <Field
            label="Password"
            error={errors.password?.message}
            hint={isSignUp ? 'At least 6 characters, and not one of the most common passwords.' : undefined}
          >
            {(ids) => (
              <Input
                {...ids}
                type="password"
                autoComplete={isSignUp ? 'new-password' : 'current-password'}
                {...form.register('password')}
              />
            )}
          </Field>
          <Button type="submit" size="lg" isLoading={isSubmitting}>
            {isSignUp ? 'Create Account' : 'Sign In'}
          </Button>
        </form>
        <p className="mt-5 text-center text-sm text-slate-600">
          {isSignUp ? 'Already have an account?' : "Don't have an account?"}{' '}
          <Button
            variant="link"
            onClick={() => {
              setMode(isSignUp ? 'sign-in' : 'sign-up');
              form.clearErrors();
            }}
          >
            {isSignUp ? 'Sign in' : 'Sign up'}
          </Button>
        </p>
      </CardContent>
    </Card>
  );
}
