import { useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '@/client/lib/toast';
import { CheckCircle2, Mail } from 'lucide-react';
import type { MailingListKey, SIGNUP_SOURCES } from '@/shared/schemas/literacy';
import { ApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Input, Label } from '@/client/ui/form';
import { signUpForList } from '../api/sign-up-for-list';

const INVALID_EMAIL = 'Please enter a valid email address';
/** A light first check; the server's schema is the real one. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const COPY: Record<
  MailingListKey,
  { button: string; busy: string; toastTitle: string; done: (email: string) => string }
> = {
  newsletter: {
    button: 'Subscribe',
    busy: 'Subscribing...',
    toastTitle: "You're subscribed!",
    done: (email) => `Thank you! A confirmation is on its way to ${email}.`,
  },
  webinar: {
    button: 'Register for Webinar',
    busy: 'Registering...',
    toastTitle: "You're registered!",
    done: (email) =>
      `You're registered. We've sent a confirmation to ${email} and will write with the date and joining link.`,
  },
};

/**
 * One e-mail field and a button: joins the newsletter or registers for the webinar. Signing up
 * twice is fine (the server answers the same), so there is no "already subscribed" error.
 */
export function SignupForm({
  list,
  source,
  label = 'Email address',
  className,
  layout = 'row',
}: {
  list: MailingListKey;
  source: (typeof SIGNUP_SOURCES)[number];
  label?: string;
  className?: string;
  layout?: 'row' | 'stack';
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const [confirmedEmail, setConfirmedEmail] = useState<string | null>(null);
  const copy = COPY[list];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setError(INVALID_EMAIL);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    setSending(true);
    try {
      await signUpForList({ email: address, list, source });
      toast.success(copy.toastTitle, { description: `We've sent a confirmation to ${address}.` });
      setConfirmedEmail(address);
      setEmail('');
    } catch (failure) {
      if (failure instanceof ApiError && failure.field === 'email') {
        setError(failure.message);
        inputRef.current?.focus();
      } else {
        toast.error(list === 'webinar' ? 'Registration failed' : 'Subscription failed', {
          description:
            failure instanceof ApiError && failure.status !== 500 ? failure.message : 'Please try again in a moment.',
        });
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        <span className="text-red-600"> *</span>
      </Label>
      <div className={cn('flex gap-2', layout === 'row' ? 'flex-col sm:flex-row' : 'flex-col')}>
        <Input
          ref={inputRef}
          id={id}
          type="email"
          name="email"
          autoComplete="email"
          required
          placeholder="you@school.edu"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={layout === 'row' ? 'sm:flex-1' : undefined}
        />
        <Button type="submit" isLoading={isSending} className={layout === 'row' ? 'sm:w-auto' : 'w-full'}>
          {isSending ? null : <Mail aria-hidden />}
          {isSending ? copy.busy : copy.button}
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p
        role="status"
        className={cn('text-sm text-emerald-800', confirmedEmail ? 'flex items-start gap-2' : 'sr-only')}
      >
        {confirmedEmail ? (
          <>
            <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
            {copy.done(confirmedEmail)}
          </>
        ) : null}
      </p>
    </form>
  );
}
