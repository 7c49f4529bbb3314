import type { CriterionSureness } from '@/shared/schemas/ai';
import type { AiEngineName, ExampleUsed, GradingOptions, RubricCriterion } from '@/shared/schemas/ai';
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
  /** The teacher's rubric points on it, by criterion id, when she graded it with the rubric. */
  rubricAssessment?: Record<string, number> | null;
};

/**
 * One submission of the assignment as the engine may learn from it: its text (redacted) and the
 * teacher's grade when the teacher has graded it in Canvas.
 */
export type ClassWork = {
  text: string;
  grade: number | null;
  /** The teacher's rubric points on it, by criterion id, when she graded it with the rubric. */
  rubric?: Record<string, number> | null;
};

/**
 * What kind of work is graded, which names the prompt variant (prompts.ts): an assignment against
 * its description or rubric, a student's whole part in a graded discussion, or one answer to a
 * written quiz question.
 */
export type GradingVariant =
  | { kind: 'assignment' }
  | { kind: 'discussion' }
  | { kind: 'quiz-answer'; /** The question type as the teacher reads it ("Essay"). */ questionType: string };

export type GradingInput = {
  /** The prompt variant; an assignment when absent. */
  variant?: GradingVariant;
  assignment: {
    name: string;
    /**
     * The task's own text, plain (see documents/htmlToText): the assignment description, the
     * discussion prompt or the quiz question. The variant's guidance is added by the prompt.
     */
    descriptionText: string;
    pointsPossible: number;
    rubric: RubricCriterion[] | null;
  };
  /** The student's work as plain text, already redacted (kernel/draft-from-student-work.ts). */
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
   * A large class is sampled: at most `MAX_CLASS_WORK` pieces, the same sample for every draft of
   * the class, less the drafted student's own work when it is in the sample. So a list that holds
   * the whole cap is a sample the drafted work is not part of.
   */
  classWork?: ClassWork[];
};

/**
 * The class work one draft learns from, at most. The scale model fits a level, a slope and a few
 * feature weights, and standardises each feature over the class: 200 pieces estimate a class mean
 * and spread within a few percent and hold more grades than its weights need (they carry nine
 * tenths of the weight from 30 grades on), while a 1,000-student lecture would otherwise cost every
 * draft five times the work for nothing. The calibrated model grades at most 10 of them.
 */
export const MAX_CLASS_WORK = 200;

/** A point with a quote the engine claims is from the work; not yet checked. */
export type RawQuotedPoint = { text: string; quote: string | null };

export type RawRubricAssessmentItem = {
  criterionId: string;
  points: number;
  comment: string;
  quote: string | null;
  /** How sure the rating is, checked against the teacher's own ratings of the criterion. */
  sureness?: CriterionSureness;
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
 * Something that drafts a grade: the offline engine, a model through the prompts here, or either of
 * them wrapped (calibrated to the teacher's scale, or recorded by the evaluation). Throws
 * AppError('AI_FAILED', message for the teacher) when it cannot produce a draft.
 */
export type GradeDrafter = {
  readonly name: AiEngineName;
  readonly isOffline: boolean;
  draftGrade(input: GradingInput): Promise<RawGradingDraft>;
};

/** The spec's message (§8) when a draft cannot be generated. */
export const GRADING_FAILURE_MESSAGE = 'Error: Failed to generate AI grading. Please try again.';
