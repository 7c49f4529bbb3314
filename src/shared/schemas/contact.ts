import { z } from 'zod';
import { emailSchema } from './common';

/**
 * The contact form (spec part 1 §3, §5) and the institutional inquiry (spec part 2 §3, §5). The
 * browser and the server validate with these same schemas, so both give the same messages.
 */

/** A visually hidden field people never see; anything typed into it marks the sender as a bot. */
export const HONEYPOT_FIELD = 'website';
const honeypotSchema = z.string().max(2000).optional();

/** Trimmed text with a minimum (the spec's message) and a generous maximum against abuse. */
function text(minimum: number, tooShort: string, maximum: number, tooLong: string) {
  return z.string({ error: tooShort }).trim().min(minimum, tooShort).max(maximum, tooLong);
}

// --- Contact and support -------------------------------------------------------------------

export const CONTACT_MESSAGE_TYPES = ['contact', 'support'] as const;
export type ContactMessageType = (typeof CONTACT_MESSAGE_TYPES)[number];

export const CONTACT_MESSAGES = {
  name: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  subject: 'Subject must be at least 5 characters',
  message: 'Message must be at least 10 characters',
} as const;

export const contactMessageLimits = { name: 100, subject: 200, message: 5000 } as const;

export const contactMessageSchema = z.strictObject({
  name: text(2, CONTACT_MESSAGES.name, contactMessageLimits.name, 'Name must be at most 100 characters'),
  email: emailSchema,
  subject: text(5, CONTACT_MESSAGES.subject, contactMessageLimits.subject, 'Subject must be at most 200 characters'),
  message: text(10, CONTACT_MESSAGES.message, contactMessageLimits.message, 'Message must be at most 5000 characters'),
  type: z.enum(CONTACT_MESSAGE_TYPES, { error: 'Choose General Contact or Technical Support' }),
  [HONEYPOT_FIELD]: honeypotSchema,
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

// --- Institutional inquiry -----------------------------------------------------------------

export type Option<Value extends string = string> = { value: Value; label: string };

function values<const Options extends readonly Option[]>(options: Options) {
  return options.map((option) => option.value) as unknown as [Options[number]['value'], ...Options[number]['value'][]];
}

export const EDUCATION_LEVEL_OPTIONS = [
  { value: 'k-12', label: 'K-12 School District' },
  { value: 'elementary', label: 'Elementary School' },
  { value: 'middle', label: 'Middle School' },
  { value: 'high', label: 'High School' },
  { value: 'community-college', label: 'Community College' },
  { value: 'university', label: 'University' },
  { value: 'training', label: 'Training Organization' },
  { value: 'other', label: 'Other' },
] as const satisfies readonly Option[];

export const NUMBER_OF_TEACHERS_OPTIONS = [
  { value: '1-10', label: '1-10 teachers' },
  { value: '11-25', label: '11-25 teachers' },
  { value: '26-50', label: '26-50 teachers' },
  { value: '51-100', label: '51-100 teachers' },
  { value: '101-250', label: '101-250 teachers' },
  { value: '250+', label: 'More than 250 teachers' },
] as const satisfies readonly Option[];

export const LMS_SYSTEM_OPTIONS = [
  { value: 'canvas', label: 'Canvas' },
  { value: 'blackboard', label: 'Blackboard' },
  { value: 'moodle', label: 'Moodle' },
  { value: 'schoology', label: 'Schoology' },
  { value: 'google-classroom', label: 'Google Classroom' },
  { value: 'brightspace', label: 'Brightspace (D2L)' },
  { value: 'sakai', label: 'Sakai' },
  { value: 'multiple', label: 'More than one LMS' },
  { value: 'other', label: 'Other' },
  { value: 'none', label: 'No LMS yet' },
] as const satisfies readonly Option[];

export const IMPLEMENTATION_TIMELINE_OPTIONS = [
  { value: 'immediate', label: 'As soon as possible' },
  { value: '1-month', label: 'Within 1 month' },
  { value: '3-months', label: 'Within 3 months' },
  { value: '6-months', label: 'Within 6 months' },
  { value: 'next-semester', label: 'Next semester' },
  { value: 'next-year', label: 'Next school year' },
  { value: 'exploring', label: 'Just exploring' },
] as const satisfies readonly Option[];

export const BUDGET_RANGE_OPTIONS = [
  { value: 'under-5k', label: 'Under $5,000' },
  { value: '5k-15k', label: '$5,000 - $15,000' },
  { value: '15k-50k', label: '$15,000 - $50,000' },
  { value: '50k-100k', label: '$50,000 - $100,000' },
  { value: '100k+', label: 'More than $100,000' },
  { value: 'flexible', label: 'Flexible / not sure yet' },
] as const satisfies readonly Option[];

export const INQUIRY_MESSAGES = {
  organizationName: 'Organization name is required',
  contactPerson: 'Contact person name is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  educationLevel: 'Please select an education level',
  numberOfTeachers: 'Please select the number of teachers',
  lmsSystem: 'Please select your LMS',
  currentChallenges: 'Please describe your current challenges',
  implementationTimeline: 'Please select an implementation timeline',
} as const;

/** Looks up the label of a value in one of the option lists above (the value itself if unknown). */
export function optionLabel(options: readonly Option[], value: string | null | undefined): string {
  if (!value) return '';
  return options.find((option) => option.value === value)?.label ?? value;
}

const MIN_PHONE_DIGITS = 7;

export const institutionalInquirySchema = z.strictObject({
  organizationName: text(2, INQUIRY_MESSAGES.organizationName, 200, 'Organization name must be at most 200 characters'),
  contactPerson: text(2, INQUIRY_MESSAGES.contactPerson, 100, 'Contact person name must be at most 100 characters'),
  email: emailSchema,
  // The spec asks for at least 10 characters; a number also needs a few digits, so "call me please" is refused.
  phone: text(10, INQUIRY_MESSAGES.phone, 40, INQUIRY_MESSAGES.phone).refine(
    (phone) => (phone.match(/\d/g) ?? []).length >= MIN_PHONE_DIGITS,
    INQUIRY_MESSAGES.phone,
  ),
  educationLevel: z.enum(values(EDUCATION_LEVEL_OPTIONS), { error: INQUIRY_MESSAGES.educationLevel }),
  numberOfTeachers: z.enum(values(NUMBER_OF_TEACHERS_OPTIONS), { error: INQUIRY_MESSAGES.numberOfTeachers }),
  lmsSystem: z.enum(values(LMS_SYSTEM_OPTIONS), { error: INQUIRY_MESSAGES.lmsSystem }),
  currentChallenges: text(
    10,
    INQUIRY_MESSAGES.currentChallenges,
    5000,
    'Please keep the challenges under 5000 characters',
  ),
  implementationTimeline: z.enum(values(IMPLEMENTATION_TIMELINE_OPTIONS), {
    error: INQUIRY_MESSAGES.implementationTimeline,
  }),
  // Optional: the form sends '' for "not chosen"; both '' and a missing field mean no answer.
  budgetRange: z
    .union([z.enum(values(BUDGET_RANGE_OPTIONS)), z.literal('')], {
      error: 'Please choose a budget range from the list',
    })
    .optional()
    .transform((value) => value || undefined),
  additionalRequirements: z
    .string()
    .trim()
    .max(5000, 'Please keep the additional requirements under 5000 characters')
    .optional()
    .transform((value) => value || undefined),
  type: z.literal('institutional', { error: 'An inquiry is sent with type institutional' }),
  [HONEYPOT_FIELD]: honeypotSchema,
});
export type InstitutionalInquiryInput = z.input<typeof institutionalInquirySchema>;
export type InstitutionalInquiry = z.output<typeof institutionalInquirySchema>;

/** What both endpoints answer, the same for a real message and a honeypot catch. */
export const contactReceiptSchema = z.object({ received: z.literal(true) });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
