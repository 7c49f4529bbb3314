import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError, type LanguageModel } from 'ai';
import { z } from 'zod';
import { AppError } from '@/server/core/app-error';
import {
  diverPhases,
  integrationResultSchema,
  type IntegrationRequest,
  type IntegrationResult,
  type RevisionRequest,
} from '@/shared/schemas/ai';
import { aiFailureMessages, type AiEngine, type AiOperation, type GradingInput, type RawGradingDraft } from './port';
import { buildGradingPrompt, buildIntegrationPrompt, buildRevisionPrompt, type Prompt } from './prompts';

/** Each operation (a draft, a suggestion), its retries included, is abandoned after this long. */
export const DEFAULT_AI_TIMEOUT_MS = 90_000;

export type ModelEngineOptions = {
  name: 'openai' | 'anthropic' | 'openai-compatible';
  model: LanguageModel;
  /** Per operation, the retry of a malformed answer included. Default 90 s. */
  timeoutMs?: number;
  /** The SDK's own retries of 429/5xx/network errors, with backoff. Default 2; tests use 0. */
  maxNetworkRetries?: number;
  /** Sampling temperature; leave undefined for models that do not take one (reasoning models). */
  temperature?: number;
  /** Scrubbed from any error text we keep, in case a provider echoes it. */
  secrets?: string[];
};

// ---------------------------------------------------------------------------------------------
// What the model is asked for. Required fields and nullable values only (no optional, no
// defaults), so the schemas work in the strict structured-output modes of every provider.
// ---------------------------------------------------------------------------------------------

const modelPointSchema = z.object({
  text: z.string().describe('The point, in one or two sentences.'),
  quote: z
    .string()
    .nullable()
    .describe("The student's exact words backing the point, copied word for word from the submission, or null."),
});

const modelGradingFields = {
  grade: z.number().describe('The grade, from 0 to the points possible, in steps of 0.5.'),
  feedback: z.string().describe('Feedback to the student, addressed as "you".'),
  strengths: z.array(modelPointSchema).describe('Two to four strengths, each with a quote where possible.'),
  areasForImprovement: z.array(modelPointSchema).describe('Two to four areas for improvement with concrete next steps.'),
  summary: z.string().describe('One or two sentences summarising the work.'),
  gradeReview: z.string().describe('For the teacher only: how the grade was reached and what to double-check.'),
};

export const modelGradingSchema = z.object(modelGradingFields);

export function modelRubricGradingSchema(criterionIds: [string, ...string[]]) {
  return z.object({
    ...modelGradingFields,
    rubricAssessment: z
      .array(
        z.object({
          criterionId: z.enum(criterionIds).describe('The criterionId from the rubric.'),
          points: z.number().describe("Points for this criterion, from 0 to the criterion's maximum."),
          comment: z.string().describe('Why this rating, with reference to the work.'),
          quote: z.string().nullable().describe("The student's exact words as evidence, or null."),
        }),
      )
      .describe('One entry per rubric criterion.'),
  });
}

const modelSuggestionSchema = z.object({
  phase: z.enum(diverPhases),
  title: z.string(),
  description: z.string(),
  activities: z.array(z.string()).describe('2 to 5 activities.'),
  examples: z.array(z.string()).describe('1 to 4 examples.'),
});

export const modelIntegrationSchema = z.object({
  overview: z.string(),
  suggestions: z.array(modelSuggestionSchema).describe('Exactly five, one per DIVER phase, in order.'),
  implementation_guide: z.string(),
});

export const modelRevisionSchema = z.object({ revisedAssignment: z.string() });

/** An answer that parsed but does not hold together (a criterion missing, a phase missing). */
class UnusableAnswerError extends Error {
  override name = 'UnusableAnswerError';
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

export type AiFailureReason = 'invalid_output' | 'timeout' | 'auth' | 'rate_limited' | 'unreachable' | 'provider_error';

const reasonMessages: Record<Exclude<AiFailureReason, 'invalid_output' | 'provider_error'>, string> = {
  timeout: 'The AI service took too long to answer. Please try again.',
  auth: "The AI service refused Margin's credentials. Please ask your administrator to check the AI settings.",
  rate_limited: 'The AI service is busy right now. Please wait a minute and try again.',
  unreachable: 'Margin could not reach the AI service. Please try again in a moment.',
};

function unwrap(error: unknown): unknown {
  if (RetryError.isInstance(error)) return error.lastError;
  return error;
}

function isTimeout(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    if (current instanceof Error) {
      if (current.name === 'TimeoutError' || current.name === 'AbortError' || /timed? ?out|aborted/i.test(current.message)) return true;
      current = current.cause;
    } else break;
  }
  return false;
}

export function classifyAiError(error: unknown): AiFailureReason {
  const cause = unwrap(error);
  if (NoObjectGeneratedError.isInstance(cause) || cause instanceof UnusableAnswerError) return 'invalid_output';
  if (isTimeout(cause)) return 'timeout';
  if (APICallError.isInstance(cause)) {
    const status = cause.statusCode;
    if (status === 401 || status === 403) return 'auth';
    if (status === 429) return 'rate_limited';
    if (status === undefined) return 'unreachable';
    return 'provider_error';
  }
  const code = (cause as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ?? (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /ECONNREFUSED|ENOTFOUND|ECONNRESET|EAI_AGAIN|UND_ERR/.test(code)) return 'unreachable';
  if (cause instanceof TypeError && /fetch failed/i.test(cause.message)) return 'unreachable';
  return 'provider_error';
}

function scrub(text: string, secrets: string[]): string {
  let result = text;
  for (const secret of secrets) if (secret.length >= 6) result = result.split(secret).join('[redacted]');
  return result.replace(/\b(sk|pk|key)-[A-Za-z0-9_-]{10,}/g, '[redacted]');
}

/**
 * A log-safe summary of the provider's error: no request body (it holds the student's work) and no
 * key. This is what reaches the operator's log as the AppError's cause.
 */
function describeCause(error: unknown, engineName: string, secrets: string[]): Error {
  const cause = unwrap(error);
  const parts = [`${engineName} call failed`];
  // Validation messages quote the model's answer, which may quote the student: leave it out.
  const message = (text: string) => text.replace(/Value:[\s\S]*/, 'Value: [omitted]').slice(0, 300);
  if (cause instanceof Error) parts.push(`${cause.name}: ${message(cause.message)}`);
  else parts.push(message(String(cause)));
  if (APICallError.isInstance(cause)) {
    if (cause.statusCode !== undefined) parts.push(`status ${cause.statusCode}`);
    if (cause.responseBody) parts.push(`response ${cause.responseBody.slice(0, 200)}`);
  }
  if (NoObjectGeneratedError.isInstance(cause)) parts.push(`answer of ${cause.text?.length ?? 0} characters, finish reason ${cause.finishReason ?? 'unknown'}`);
  return new Error(scrub(parts.join('; '), secrets));
}

export function toAiAppError(error: unknown, operation: AiOperation, engineName: string, secrets: string[] = []): AppError {
  if (error instanceof AppError) return error;
  const reason = classifyAiError(error);
  const message = reason === 'invalid_output' || reason === 'provider_error' ? aiFailureMessages[operation] : reasonMessages[reason];
  return new AppError('AI_FAILED', message, { cause: describeCause(error, engineName, secrets), details: { reason } });
}

// ---------------------------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------------------------

/** The vendor-backed engine: structured output against zod schemas, one retry for a bad answer. */
export function createModelEngine(options: ModelEngineOptions): AiEngine {
  const timeoutMs = options.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const maxRetries = options.maxNetworkRetries ?? 2;
  const secrets = options.secrets ?? [];

  /**
   * Asks for an object; a malformed or schema-failing answer (or one `accept` rejects) is asked for
   * once more, then the operation fails with the spec's message. Transport errors are not repeated
   * here (the SDK already retried the retryable ones).
   */
  async function ask<T, R>(operation: AiOperation, schema: z.ZodType<T>, name: string, prompt: Prompt, accept: (value: T) => R): Promise<R> {
    let lastError: unknown;
    // One deadline for the operation: asking again for a malformed answer gets what time is left.
    const deadline = Date.now() + timeoutMs;
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      const remainingMs = deadline - Date.now();
      if (remainingMs <= 0) {
        lastError = new DOMException('The operation timed out', 'TimeoutError');
        break;
      }
      try {
        const result = await generateText({
          model: options.model,
          output: Output.object({ schema, name }),
          system: prompt.system,
          prompt: prompt.prompt,
          maxRetries,
          timeout: remainingMs,
          ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        });
        return accept(result.output);
      } catch (error) {
        lastError = error;
        if (classifyAiError(error) !== 'invalid_output') break;
      }
    }
    throw toAiAppError(lastError, operation, options.name, secrets);
  }

  return {
    name: options.name,
    isOffline: false,

    async draftGrade(input: GradingInput): Promise<RawGradingDraft> {
      const prompt = buildGradingPrompt(input);
      const rubric = input.options.useRubric && input.assignment.rubric && input.assignment.rubric.length > 0 ? input.assignment.rubric : null;
      const common = {
        examplesUsed: input.examples.map((example) => ({ label: example.label, score: example.score })),
        engine: options.name,
        filesUsed: input.isFileContentIncluded,
        customInstructionsApplied: Boolean(input.options.customInstructions?.trim()),
      };
      if (rubric) {
        const ids = rubric.map((criterion) => criterion.id) as [string, ...string[]];
        return ask('grading', modelRubricGradingSchema(ids), 'grading_draft', prompt, (output) => {
          const assessed = new Set(output.rubricAssessment.map((item) => item.criterionId));
          const missing = ids.filter((id) => !assessed.has(id));
          if (missing.length > 0) throw new UnusableAnswerError(`The answer left out rubric criteria ${missing.join(', ')}`);
          return { ...output, rubricAssessment: output.rubricAssessment, ...common };
        });
      }
      return ask('grading', modelGradingSchema, 'grading_draft', prompt, (output) => ({ ...output, rubricAssessment: null, ...common }));
    },

    async proposeIntegration(input: IntegrationRequest): Promise<IntegrationResult> {
      return ask('integration', modelIntegrationSchema, 'diver_integration', buildIntegrationPrompt(input), (output) => {
        // One per phase, in DIVER order; lists cut to the allowed length.
        const suggestions = diverPhases.map((phase) => {
          const suggestion = output.suggestions.find((item) => item.phase === phase);
          if (!suggestion) throw new UnusableAnswerError(`The answer left out the ${phase} phase`);
          return {
            ...suggestion,
            activities: suggestion.activities.map((text) => text.trim()).filter(Boolean).slice(0, 5),
            examples: suggestion.examples.map((text) => text.trim()).filter(Boolean).slice(0, 4),
          };
        });
        const checked = integrationResultSchema.safeParse({ ...output, suggestions, engine: options.name });
        if (!checked.success) throw new UnusableAnswerError(`The answer does not fit: ${checked.error.issues[0]?.message ?? 'invalid'}`);
        return checked.data;
      });
    },

    async reviseAssignment(input: RevisionRequest): Promise<string> {
      return ask('revision', modelRevisionSchema, 'revised_assignment', buildRevisionPrompt(input), (output) => {
        const text = output.revisedAssignment.trim();
        if (!text) throw new UnusableAnswerError('The revised assignment is empty');
        return text;
      });
    },
  };
}
