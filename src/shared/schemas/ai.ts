import { z } from 'zod';
import { draftBasisSchema } from './draft-basis';

/**
 * Schemas for AI drafting (grading) and the AI-literacy integration tool, shared by the server and
 * the browser. The server fills these; the browser shows them; the teacher decides.
 */

// ---------------------------------------------------------------------------------------------
// Grading
// ---------------------------------------------------------------------------------------------

export const gradingModeSchema = z.enum(['formative', 'summative']);
export type GradingMode = z.infer<typeof gradingModeSchema>;

export const CUSTOM_INSTRUCTIONS_MAX_LENGTH = 2000;

/** The AI options of the grading panel. Spec §9: formative, description-based, no instructions. */
export const gradingOptionsSchema = z.object({
  mode: gradingModeSchema.default('formative'),
  useRubric: z.boolean().default(false),
  /** Only when the teacher's custom-instruction switch is on; the caller passes null otherwise. */
  customInstructions: z
    .string()
    .max(
      CUSTOM_INSTRUCTIONS_MAX_LENGTH,
      `Custom instructions can be at most ${CUSTOM_INSTRUCTIONS_MAX_LENGTH} characters`,
    )
    .nullable()
    .default(null),
});
export type GradingOptions = z.infer<typeof gradingOptionsSchema>;

/** What Margin remembers of the teacher's drafting choices on one grading screen (decision 066). */
export const gradingChoicesSchema = z.strictObject({ useRubric: z.boolean() });
export type GradingChoices = z.infer<typeof gradingChoicesSchema>;

/** One rubric rating (band) as Canvas gives it. */
export const rubricRatingSchema = z.object({
  id: z.string().optional(),
  description: z.string(),
  long_description: z.string().nullish(),
  points: z.number(),
});
export type RubricRating = z.infer<typeof rubricRatingSchema>;

/** One rubric criterion as our Canvas client gives it for an assignment. */
export const rubricCriterionSchema = z.object({
  id: z.string(),
  description: z.string(),
  long_description: z.string().nullish(),
  points: z.number(),
  ratings: z.array(rubricRatingSchema),
  /** Canvas `criterion_use_range`: each rating covers the points down to the next rating's (exclusive). */
  use_range: z.boolean().optional(),
  /** Canvas `ignore_for_scoring`: assessed and commented, but left out of the rubric's total. */
  ignore_for_scoring: z.boolean().optional(),
  /** The learning outcome the criterion is linked to, and the points that count as mastery of it. */
  outcome_id: z.number().nullish(),
  mastery_points: z.number().nullish(),
});
export type RubricCriterion = z.infer<typeof rubricCriterionSchema>;

export const aiEngineNameSchema = z.enum(['offline', 'openai', 'anthropic', 'openai-compatible']);
export type AiEngineName = z.infer<typeof aiEngineNameSchema>;

/**
 * A point the draft makes about the work. `quote` is the student's own words backing the point,
 * and is only ever shown when `quoteVerified` is true (it was found word for word in the work).
 */
export const quotedPointSchema = z.object({
  text: z.string(),
  quote: z.string().nullable(),
  quoteVerified: z.boolean(),
});
export type QuotedPoint = z.infer<typeof quotedPointSchema>;

/**
 * How sure the draft is of one criterion's rating, for the teacher (decision 053): checked against
 * her own ratings of the criterion on this assignment when she has rated at least three.
 */
export const criterionSurenessSchema = z.object({
  level: z.enum(['sure', 'fairly-sure', 'unsure']),
  /** "Within one rating of yours on 8 of 10 you rated." */
  words: z.string(),
});
export type CriterionSureness = z.infer<typeof criterionSurenessSchema>;

export const rubricAssessmentItemSchema = z.object({
  criterionId: z.string(),
  points: z.number(),
  comment: z.string(),
  quote: z.string().nullable(),
  quoteVerified: z.boolean(),
  /** Absent where nothing measures it (a model's rating, or fewer than three of her ratings). */
  sureness: criterionSurenessSchema.optional(),
});
export type RubricAssessmentItem = z.infer<typeof rubricAssessmentItemSchema>;

export const exampleUsedSchema = z.object({ label: z.string(), score: z.number() });
export type ExampleUsed = z.infer<typeof exampleUsedSchema>;

/** The draft the grading panel shows. Nothing in it reaches a student until the teacher saves. */
export const gradingDraftSchema = z.object({
  grade: z.number(),
  feedback: z.string(),
  strengths: z.array(quotedPointSchema),
  areasForImprovement: z.array(quotedPointSchema),
  summary: z.string(),
  /** Teacher-only reasoning about the grade. */
  gradeReview: z.string(),
  /** Per criterion, in rubric order; null when the rubric was not used. */
  rubricAssessment: z.array(rubricAssessmentItemSchema).nullable(),
  /** The teacher's graded examples sent as style references; empty if none. */
  examplesUsed: z.array(exampleUsedSchema),
  engine: aiEngineNameSchema,
  filesUsed: z.boolean(),
  customInstructionsApplied: z.boolean(),
  /** What the grade learned from the teacher's own grades (see draft-basis.ts); absent when nothing. */
  basis: draftBasisSchema.optional(),
});
export type GradingDraft = z.infer<typeof gradingDraftSchema>;

/**
 * The spec's success message (§8): 'AI {formative|summative} grading generated using {rubric
 * criteria|assignment description}!' plus ' File content processed.' and ' Custom instructions
 * applied.' when they apply.
 */
export function describeGeneratedDraft(
  mode: GradingMode,
  draft: Pick<GradingDraft, 'rubricAssessment' | 'filesUsed' | 'customInstructionsApplied'>,
): string {
  const basis = draft.rubricAssessment ? 'rubric criteria' : 'assignment description';
  let message = `AI ${mode} grading generated using ${basis}!`;
  if (draft.filesUsed) message += ' File content processed.';
  if (draft.customInstructionsApplied) message += ' Custom instructions applied.';
  return message;
}

// ---------------------------------------------------------------------------------------------
// AI literacy: assignment integration (DIVER) and revised assignment
// ---------------------------------------------------------------------------------------------

export const subjectValues = ['english', 'math', 'science', 'social-studies', 'history', 'art', 'other'] as const;
export const subjectLabels: Record<(typeof subjectValues)[number], string> = {
  english: 'English/Language Arts',
  math: 'Mathematics',
  science: 'Science',
  'social-studies': 'Social Studies',
  history: 'History',
  art: 'Art',
  other: 'Other',
};
export const subjectSchema = z.union([z.enum(subjectValues), z.literal('')]);
export type Subject = z.infer<typeof subjectSchema>;

export const gradeLevelValues = ['elementary', 'middle', 'high', 'college'] as const;
export const gradeLevelLabels: Record<(typeof gradeLevelValues)[number], string> = {
  elementary: 'Elementary (K-5)',
  middle: 'Middle School (6-8)',
  high: 'High School (9-12)',
  college: 'College/University',
};
export const gradeLevelSchema = z.union([z.enum(gradeLevelValues), z.literal('')]);
export type GradeLevel = z.infer<typeof gradeLevelSchema>;

/** The five DIVER phases, in order. */
export const diverPhases = [
  'Discovery',
  'Interaction & Collaboration',
  'Verification',
  'Editing & Iteration',
  'Reflection',
] as const;
export const diverPhaseSchema = z.enum(diverPhases);
export type DiverPhase = z.infer<typeof diverPhaseSchema>;

const bothRequired = 'Please provide both assignment title and content.';

export const integrationRequestSchema = z.object({
  assignmentTitle: z.string().trim().min(1, bothRequired).max(200, 'The title can be at most 200 characters'),
  assignmentText: z.string().trim().min(1, bothRequired).max(20000, 'The assignment can be at most 20,000 characters'),
  subject: subjectSchema.default(''),
  gradeLevel: gradeLevelSchema.default(''),
  estimatedTime: z.string().trim().max(100, 'The estimated time can be at most 100 characters').default(''),
});
export type IntegrationRequest = z.infer<typeof integrationRequestSchema>;

export const integrationSuggestionSchema = z.object({
  phase: diverPhaseSchema,
  title: z.string().min(1),
  description: z.string().min(1),
  activities: z.array(z.string().min(1)).min(2).max(5),
  examples: z.array(z.string().min(1)).min(1).max(4),
});
export type IntegrationSuggestion = z.infer<typeof integrationSuggestionSchema>;

/** Exactly five suggestions, one per DIVER phase. */
export const diverSuggestionsSchema = z
  .array(integrationSuggestionSchema)
  .length(5, 'There must be exactly five suggestions, one per DIVER phase')
  .superRefine((suggestions, context) => {
    const phases = new Set(suggestions.map((suggestion) => suggestion.phase));
    for (const phase of diverPhases) {
      if (!phases.has(phase)) context.addIssue({ code: 'custom', message: `Missing the ${phase} phase` });
    }
  });

export const integrationResultSchema = z.object({
  overview: z.string().min(1),
  suggestions: diverSuggestionsSchema,
  implementation_guide: z.string().min(1),
  engine: aiEngineNameSchema,
});
export type IntegrationResult = z.infer<typeof integrationResultSchema>;

export const revisionRequestSchema = z.object({
  originalAssignment: z
    .string()
    .trim()
    .min(1, 'The original assignment is required')
    .max(20000, 'The assignment can be at most 20,000 characters'),
  selectedSuggestions: z
    .array(integrationSuggestionSchema)
    .min(1, 'Please select at least one suggestion to integrate.')
    .max(5, 'At most five suggestions can be integrated'),
  assignmentTitle: z.string().trim().max(200, 'The title can be at most 200 characters').default(''),
  subject: subjectSchema.default(''),
  gradeLevel: gradeLevelSchema.default(''),
  estimatedTime: z.string().trim().max(100, 'The estimated time can be at most 100 characters').default(''),
});
export type RevisionRequest = z.infer<typeof revisionRequestSchema>;

export const revisionResultSchema = z.object({
  revisedAssignment: z.string().min(1),
  engine: aiEngineNameSchema,
});
export type RevisionResult = z.infer<typeof revisionResultSchema>;
