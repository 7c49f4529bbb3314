import type {
  AiEngineName,
  ExampleUsed,
  GradingOptions,
  IntegrationRequest,
  IntegrationResult,
  RevisionRequest,
  RubricCriterion,
} from '@/shared/schemas/ai';
import type { DraftBasis } from '@/shared/schemas/draft-basis';

/** One of the teacher's own graded pieces of work, sent as a reference for scale and voice. */
export type GradingExample = {
  /** A neutral label such as 'Example 1' (never a student's name). */
  label: string;
  score: number;
  /** The teacher's comment on it, redacted. */
  comment: string;
  /** An excerpt of the work, redacted. */
  excerpt: string;
};

/**
 * One submission of the assignment as the engine may learn from it: its text (redacted) and the
 * teacher's grade when the teacher has graded it in Canvas.
 */
export type ClassWork = { text: string; grade: number | null };

export type GradingInput = {
  assignment: {
    name: string;
    /** The assignment description as plain text (see documents/htmlToText). */
    descriptionText: string;
    pointsPossible: number;
    rubric: RubricCriterion[] | null;
  };
  /** The student's work as plain text, already redacted (see redactStudentIdentity). */
  submissionText: string;
  /**
   * The student's own words alone (redacted), without the labels, file markers and classmates'
   * posts that submissionText carries as context. An engine that cannot tell context from work
   * (the offline engine) measures and quotes this instead.
   */
  ownText?: string;
  options: GradingOptions;
  examples: GradingExample[];
  /** True when text extracted from attachments is part of submissionText. */
  isFileContentIncluded: boolean;
  /**
   * The assignment's other submissions with text (redacted) and the teacher's grades on those
   * graded: the training data for the teacher's scale. The work drafted is not among them.
   */
  classWork?: ClassWork[];
};

/** A point with a quote the engine claims is from the work; not yet checked. */
export type RawQuotedPoint = { text: string; quote: string | null };

export type RawRubricAssessmentItem = {
  criterionId: string;
  points: number;
  comment: string;
  quote: string | null;
};

/**
 * What an engine returns: the grade may be out of range, quotes are unchecked and names are still
 * placeholders. finalizeDraft turns it into the GradingDraft the teacher sees.
 */
export type RawGradingDraft = {
  grade: number;
  feedback: string;
  strengths: RawQuotedPoint[];
  areasForImprovement: RawQuotedPoint[];
  summary: string;
  gradeReview: string;
  /** Null when the rubric was not used. */
  rubricAssessment: RawRubricAssessmentItem[] | null;
  examplesUsed: ExampleUsed[];
  engine: AiEngineName;
  filesUsed: boolean;
  customInstructionsApplied: boolean;
  /** What the grade learned from the teacher's grades; absent when nothing. */
  basis?: DraftBasis;
};

/**
 * The drafting engine: a vendor model through the AI SDK, or the offline engine. Every method
 * throws AppError('AI_FAILED', message for the teacher) when it cannot produce a checked result.
 */
export type AiEngine = {
  readonly name: AiEngineName;
  readonly isOffline: boolean;
  draftGrade(input: GradingInput): Promise<RawGradingDraft>;
  proposeIntegration(input: IntegrationRequest): Promise<IntegrationResult>;
  /** Returns the revised assignment text. */
  reviseAssignment(input: RevisionRequest): Promise<string>;
};

/** The spec's messages (§8) for each AI operation. */
export const aiFailureMessages = {
  grading: 'Error: Failed to generate AI grading. Please try again.',
  integration: 'Failed to generate AI integration suggestions. Please try again.',
  revision: 'Failed to generate revised assignment. Please try again.',
} as const;
export type AiOperation = keyof typeof aiFailureMessages;
