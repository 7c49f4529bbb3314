import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/client/lib/toast';
import { LifeBuoy, MessageSquare, Send } from 'lucide-react';
import {
  HONEYPOT_FIELD,
  contactMessageSchema,
  type ContactMessage,
  type ContactMessageInput,
  type ContactMessageType,
} from '@/shared/schemas/contact';
import { ApiError } from '@/client/lib/api-client';
import { Button } from '@/client/ui/button';
import { Field, Input, Textarea } from '@/client/ui/form';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/ui/tabs';
import { useSendContactMessage } from '../api/send-contact-message';
import { HoneypotField } from './honeypot-field';
import { ERROR_CODE } from '@/shared/error-codes';

const TABS = [
  {
    type: 'contact',
    label: 'General Contact',
    icon: MessageSquare,
    intro: 'Questions about Margin, plans, your school or working together: write to us and a person will answer.',
    subjectPlaceholder: 'e.g. Pricing for our department',
    messagePlaceholder: 'How can we help?',
  },
  {
    type: 'support',
    label: 'Technical Support',
    icon: LifeBuoy,
    intro: 'Something not working? Tell us what you were doing, what you expected and what happened instead.',
    subjectPlaceholder: 'e.g. Canvas connection test fails',
    messagePlaceholder: 'The steps you took, the page you were on and any message you saw.',
  },
] as const satisfies readonly { type: ContactMessageType; [key: string]: unknown }[];

const EMPTY: ContactMessageInput = {
  name: '',
  email: '',
  subject: '',
  message: '',
  type: 'contact',
  [HONEYPOT_FIELD]: '',
};

/** Spec part 1 §2, §4, §5, §8: two tabs, one form; idle, sending, then reset on success. */
export function ContactForm() {
  const form = useForm<ContactMessageInput, unknown, ContactMessage>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: EMPTY,
  });
  const sending = useSendContactMessage();
  const type = useWatch({ control: form.control, name: 'type' });
  const { errors } = form.formState;
  const isSending = sending.isPending;

  async function onSubmit(values: ContactMessage) {
    try {
      await sending.mutateAsync(values);
      toast.success('Message sent successfully!', { description: "We'll get back to you as soon as possible." });
      form.reset({ ...EMPTY, type: values.type });
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        toast.error('Error sending message', { description: error.message });
        return;
      }
      if (error instanceof ApiError && error.code === ERROR_CODE.VALIDATION && error.field && error.field in EMPTY) {
        form.setError(error.field as keyof ContactMessageInput, { message: error.message });
      }
      toast.error('Error sending message', { description: 'Please try again later or email us directly.' });
    }
  }

  return (
    <Tabs value={type} onValueChange={(value) => form.setValue('type', value as ContactMessageType)}>
      <TabsList aria-label="Kind of request" className="w-full sm:w-auto">
        {TABS.map(({ type: value, label, icon: Icon }) => (
          <TabsTrigger key={value} value={value} disabled={isSending}>
            <Icon aria-hidden className="hidden sm:block" />
            {label}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((tab) => (
        <TabsContent key={tab.type} value={tab.type} className="mt-5">
          <p className="mb-5 text-slate-600">{tab.intro}</p>
          <form className="relative flex flex-col gap-4" onSubmit={form.handleSubmit(onSubmit)} noValidate>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Name" required error={errors.name?.message}>
                {(ids) => <Input {...ids} autoComplete="name" {...form.register('name')} />}
              </Field>
              <Field label="Email" required error={errors.email?.message}>
                {(ids) => <Input {...ids} type="email" autoComplete="email" {...form.register('email')} />}
              </Field>
            </div>
            <Field label="Subject" required error={errors.subject?.message}>
              {(ids) => <Input {...ids} placeholder={tab.subjectPlaceholder} {...form.register('subject')} />}
            </Field>
            <Field label="Message" required error={errors.message?.message}>
              {(ids) => (
                <Textarea {...ids} rows={6} placeholder={tab.messagePlaceholder} {...form.register('message')} />
              )}
            </Field>
            <HoneypotField registration={form.register(HONEYPOT_FIELD)} />
            <div className="flex flex-col-reverse items-stretch gap-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">
                <span className="text-red-600">*</span> Required. We use your details only to answer you.
              </p>
              <Button type="submit" size="lg" isLoading={isSending}>
                {isSending ? null : <Send aria-hidden />}
                {isSending ? 'Sending...' : 'Send Message'}
              </Button>
            </div>
          </form>
        </TabsContent>
      ))}
    </Tabs>
  );
}
