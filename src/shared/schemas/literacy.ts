import { z } from 'zod';
import { gradeLevelSchema, integrationResultSchema, subjectSchema } from './ai';
import { emailSchema } from './common';

/**
 * The AI-literacy area's own endpoints (spec part 2 §2.5-§2.8): mailing-list sign-ups (newsletter
 * and webinar) and the assignment integration tool's request with an optional uploaded file. The
 * generation itself uses the AI schemas of ./ai.
 */

// --- Mailing lists ---------------------------------------------------------------------------

/** The lists a visitor can join, by the short name the browser sends. */
export const MAILING_LISTS = {
  newsletter: { id: 'ai-literacy-newsletter', name: 'AI Literacy Newsletter' },
  webinar: { id: 'webinar:building-ai-literacy', name: 'Building AI Literacy: A Practical Approach' },
} as const;
export type MailingListKey = keyof typeof MAILING_LISTS;
export const mailingListKeys = Object.keys(MAILING_LISTS) as [MailingListKey, ...MailingListKey[]];

/** Where on the site the sign-up came from, kept for the operator (e.g. 'resource-center'). */
export const SIGNUP_SOURCES = ['resource-center', 'community', 'category'] as const;

export const mailingListSignupSchema = z.strictObject({
  email: emailSchema,
  list: z.enum(mailingListKeys, { error: 'Choose the newsletter or the webinar' }),
  source: z.enum(SIGNUP_SOURCES).optional(),
});
export type MailingListSignupInput = z.input<typeof mailingListSignupSchema>;
export type MailingListSignup = z.output<typeof mailingListSignupSchema>;

/**
 * The same answer whether the address was new or already on the list: a stranger cannot learn
 * who is subscribed, and signing up twice is not an error.
 */
export const mailingListReceiptSchema = z.object({ received: z.literal(true) });
export type MailingListReceipt = z.infer<typeof mailingListReceiptSchema>;

// --- Assignment integration tool ------------------------------------------------------------

export const BOTH_REQUIRED_MESSAGE = 'Please provide both assignment title and content.';
export const INTEGRATION_FAILED_MESSAGE = 'Failed to generate AI integration suggestions. Please try again.';

/** Files the form accepts (spec §9); .doc is accepted by the picker but refused with a reason. */
export const ACCEPTED_UPLOAD_EXTENSIONS = ['.txt', '.doc', '.docx', '.pdf'] as const;
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_ASSIGNMENT_CHARACTERS = 20_000;
export const FILE_TOO_LARGE_MESSAGE =
  'The file is larger than 5 MB. Please upload a smaller file or paste the assignment text instead.';

/**
 * The form's fields. They arrive as JSON when no file is attached, or as the fields of a
 * multipart/form-data upload whose file part is named `file` (INTEGRATION_FILE_FIELD).
 */
export const integrationToolFieldsSchema = z.strictObject({
  assignmentTitle: z.string().trim().max(200, 'The title can be at most 200 characters'),
  assignmentText: z
    .string()
    .trim()
    .max(MAX_ASSIGNMENT_CHARACTERS, 'The assignment can be at most 20,000 characters')
    .default(''),
  subject: subjectSchema.default(''),
  gradeLevel: gradeLevelSchema.default(''),
  estimatedTime: z.string().trim().max(100, 'The estimated time can be at most 100 characters').default(''),
});
export type IntegrationToolFieldsInput = z.input<typeof integrationToolFieldsSchema>;
export type IntegrationToolFields = z.output<typeof integrationToolFieldsSchema>;

/** The name of the file part in the multipart upload. */
export const INTEGRATION_FILE_FIELD = 'file';

/**
 * What the form sends as JSON (no file): title and content are both required. With a file, the
 * content may be empty: the server then reads the file's text and uses it as the content (beyond
 * the spec, which only sent the file's name).
 */
export const integrationToolRequestSchema = integrationToolFieldsSchema.superRefine((request, context) => {
  if (!request.assignmentTitle)
    context.addIssue({ code: 'custom', path: ['assignmentTitle'], message: BOTH_REQUIRED_MESSAGE });
  else if (!request.assignmentText)
    context.addIssue({ code: 'custom', path: ['assignmentText'], message: BOTH_REQUIRED_MESSAGE });
});

/** The inputs the suggestions were made for: the results view and the revision use these. */
export const originalAssignmentSchema = z.object({
  title: z.string(),
  content: z.string(),
  subject: subjectSchema,
  gradeLevel: gradeLevelSchema,
  estimatedTime: z.string(),
});
export type OriginalAssignment = z.infer<typeof originalAssignmentSchema>;

export const integrationToolResponseSchema = z.object({
  result: integrationResultSchema,
  assignment: originalAssignmentSchema,
  /** Set when the content was read from the uploaded file. */
  readFromFile: z.object({ filename: z.string(), characters: z.number().int() }).nullable(),
});
export type IntegrationToolResponse = z.infer<typeof integrationToolResponseSchema>;
