import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '@/client/lib/toast';
import { Building2 } from 'lucide-react';
import {
  BUDGET_RANGE_OPTIONS,
  EDUCATION_LEVEL_OPTIONS,
  HONEYPOT_FIELD,
  IMPLEMENTATION_TIMELINE_OPTIONS,
  LMS_SYSTEM_OPTIONS,
  NUMBER_OF_TEACHERS_OPTIONS,
  institutionalInquirySchema,
  type InstitutionalInquiry,
  type InstitutionalInquiryInput,
} from '@/shared/schemas/contact';
import { ApiError } from '@/client/lib/api-client';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { Field, Input, Textarea } from '@/client/ui/form';
import { Select } from '@/client/ui/select';
import { useSendInstitutionalInquiry } from '../api/send-institutional-inquiry';
import { HoneypotField } from './honeypot-field';
import { ERROR_CODE } from '@/shared/error-codes';

const EMPTY = {
  organizationName: '',
  contactPerson: '',
  email: '',
  phone: '',
  educationLevel: '',
  numberOfTeachers: '',
  lmsSystem: '',
  currentChallenges: '',
  implementationTimeline: '',
  budgetRange: '',
  additionalRequirements: '',
  type: 'institutional',
  [HONEYPOT_FIELD]: '',
} as const;

/** The form fields as the browser holds them: a select starts empty, before anything is chosen. */
type InquiryFormValues = Omit<
  InstitutionalInquiryInput,
  'educationLevel' | 'numberOfTeachers' | 'lmsSystem' | 'implementationTimeline'
> & {
  educationLevel: InstitutionalInquiryInput['educationLevel'] | '';
  numberOfTeachers: InstitutionalInquiryInput['numberOfTeachers'] | '';
  lmsSystem: InstitutionalInquiryInput['lmsSystem'] | '';
  implementationTimeline: InstitutionalInquiryInput['implementationTimeline'] | '';
};

/**
 * Spec part 2 §2.9, §3, §5, §8: every field of the inquiry, validated with the server's schema;
 * 'Submitting...' while busy, reset on success, kept on failure.
 */
export function InstitutionalInquiryForm({ supportEmail }: { supportEmail: string | undefined }) {
  const form = useForm<InquiryFormValues, unknown, InstitutionalInquiry>({
    // The schema refuses an empty select with the spec's message; the form merely starts out empty.
    resolver: zodResolver(institutionalInquirySchema) as unknown as Resolver<
      InquiryFormValues,
      unknown,
      InstitutionalInquiry
    >,
    defaultValues: EMPTY,
  });
  const sending = useSendInstitutionalInquiry();
  const { errors } = form.formState;
  const isSubmitting = sending.isPending;

  async function onSubmit(values: InstitutionalInquiry) {
    try {
      await sending.mutateAsync(values);
      toast.success('Inquiry submitted successfully!', {
        description: "We'll get back to you within 24 hours with a custom quote.",
      });
      form.reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        toast.error('Error submitting inquiry', { description: error.message });
        return;
      }
      if (error instanceof ApiError && error.code === ERROR_CODE.VALIDATION && error.field && error.field in EMPTY) {
        form.setError(error.field as keyof InquiryFormValues, { message: error.message });
      }
      const address = supportEmail ?? 'our support address';
      toast.error('Error submitting inquiry', {
        description: `Please try again later or email us directly at ${address}`,
      });
    }
  }

  return (
    <Card>
      <CardHeader className="border-b border-slate-100 pb-5">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Building2 className="size-5" aria-hidden />
          </span>
          <div>
            <CardTitle>Institution Information</CardTitle>
            <CardDescription>Tell us about your school or organization. Fields marked * are required.</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent className="pt-6">
        <form className="relative flex flex-col gap-6" onSubmit={form.handleSubmit(onSubmit)} noValidate>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">
              Organization and contact
            </legend>
            <div className="sm:col-span-2">
              <Field label="Organization Name" required error={errors.organizationName?.message}>
                {(ids) => <Input {...ids} autoComplete="organization" {...form.register('organizationName')} />}
              </Field>
            </div>
            <Field label="Contact Person" required error={errors.contactPerson?.message}>
              {(ids) => <Input {...ids} autoComplete="name" {...form.register('contactPerson')} />}
            </Field>
            <Field label="Email Address" required error={errors.email?.message}>
              {(ids) => <Input {...ids} type="email" autoComplete="email" {...form.register('email')} />}
            </Field>
            <Field label="Phone Number" required error={errors.phone?.message}>
              {(ids) => (
                <Input
                  {...ids}
                  type="tel"
                  autoComplete="tel"
                  placeholder="+1 (555) 123-4567"
                  {...form.register('phone')}
                />
              )}
            </Field>
            <Field label="Education Level" required error={errors.educationLevel?.message}>
              {(ids) => (
                <Select
                  {...ids}
                  placeholder="Select an education level"
                  options={EDUCATION_LEVEL_OPTIONS}
                  {...form.register('educationLevel')}
                />
              )}
            </Field>
          </fieldset>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-sm font-semibold tracking-wide text-slate-600 uppercase">Your plans</legend>
            <Field label="Number of Teachers" required error={errors.numberOfTeachers?.message}>
              {(ids) => (
                <Select
                  {...ids}
                  placeholder="Select a range"
                  options={NUMBER_OF_TEACHERS_OPTIONS}
                  {...form.register('numberOfTeachers')}
                />
              )}
            </Field>
            <Field label="Current LMS" required error={errors.lmsSystem?.message}>
              {(ids) => (
                <Select
                  {...ids}
                  placeholder="Select your LMS"
                  options={LMS_SYSTEM_OPTIONS}
                  {...form.register('lmsSystem')}
                />
              )}
            </Field>
            <Field label="Implementation Timeline" required error={errors.implementationTimeline?.message}>
              {(ids) => (
                <Select
                  {...ids}
                  placeholder="Select a timeline"
                  options={IMPLEMENTATION_TIMELINE_OPTIONS}
                  {...form.register('implementationTimeline')}
                />
              )}
            </Field>
            <Field label="Budget Range (optional)" error={errors.budgetRange?.message}>
              {(ids) => (
                <Select
                  {...ids}
                  placeholder="Prefer not to say"
                  options={BUDGET_RANGE_OPTIONS}
                  {...form.register('budgetRange')}
                />
              )}
            </Field>
            <div className="sm:col-span-2">
              <Field
                label="Current Challenges"
                required
                error={errors.currentChallenges?.message}
                hint="For example: the grading load, consistency between teachers, or how you introduce AI to staff."
              >
                {(ids) => <Textarea {...ids} rows={4} {...form.register('currentChallenges')} />}
              </Field>
            </div>
            <div className="sm:col-span-2">
              <Field label="Additional Requirements (optional)" error={errors.additionalRequirements?.message}>
                {(ids) => (
                  <Textarea
                    {...ids}
                    rows={3}
                    placeholder="Single sign-on, data agreements, training sessions..."
                    {...form.register('additionalRequirements')}
                  />
                )}
              </Field>
            </div>
          </fieldset>
          <HoneypotField registration={form.register(HONEYPOT_FIELD)} />
          <div className="flex flex-col gap-4 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">We reply within 24 hours with a personalized quote.</p>
            <Button type="submit" size="lg" isLoading={isSubmitting}>
              {isSubmitting ? 'Submitting...' : 'Request Custom Quote'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
