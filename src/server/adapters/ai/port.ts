import type { z } from 'zod';

/** The vendors a model can come from (AI_PROVIDER); without one, features use their offline path. */
export type AiModelName = 'openai' | 'anthropic' | 'openai-compatible';

/** One structured-generation request: the model answers with an object that fits `schema`. */
export type GenerateObjectRequest<T> = {
  system: string;
  prompt: string;
  /** What the answer must be. Required fields and nullable values only, for strict provider modes. */
  schema: z.ZodType<T>;
  /** A short identifier of the schema for the provider (letters, digits, underscores). */
  schemaName: string;
  /**
   * The message a teacher reads when the model's answer is unusable or the provider fails for a
   * reason of its own (the feature's message from the spec). Timeouts, refused credentials, rate
   * limits and an unreachable server get the transport's own messages.
   */
  failureMessage: string;
  /**
   * A check of what the schema cannot say (every rubric criterion present, one suggestion per
   * phase). Returns why the answer is unusable, or null; an unusable answer is asked for once more.
   */
  findProblem?: (value: T) => string | null;
};

/**
 * A language model as the features see it: one structured-generation call. It throws
 * AppError('AI_FAILED', message for the teacher) when it cannot produce an object that fits.
 * The features own their prompts, schemas and offline paths; this port knows no feature.
 */
export type AiModel = {
  readonly name: AiModelName;
  generateObject<T>(request: GenerateObjectRequest<T>): Promise<T>;
};
