import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError, type LanguageModel } from 'ai';
import { AppError } from '@/server/core/app-error';
import type { AiModel, AiModelName, GenerateObjectRequest } from './port';

/** Each operation (a draft, a suggestion), its retries included, is abandoned after this long. */
export const DEFAULT_AI_TIMEOUT_MS = 90_000;

export type ModelEngineOptions = {
  name: AiModelName;
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
      if (
        current.name === 'TimeoutError' ||
        current.name === 'AbortError' ||
        /timed? ?out|aborted/i.test(current.message)
      )
        return true;
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
  const code =
    (cause as { code?: unknown; cause?: { code?: unknown } } | null)?.cause?.code ??
    (cause as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && /ECONNREFUSED|ENOTFOUND|ECONNRESET|EAI_AGAIN|UND_ERR/.test(code))
    return 'unreachable';
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
  if (NoObjectGeneratedError.isInstance(cause))
    parts.push(`answer of ${cause.text?.length ?? 0} characters, finish reason ${cause.finishReason ?? 'unknown'}`);
  return new Error(scrub(parts.join('; '), secrets));
}

/** The message for the teacher: the feature's own for a bad answer or a provider fault, ours for the rest. */
export function toAiAppError(
  error: unknown,
  failureMessage: string,
  engineName: string,
  secrets: string[] = [],
): AppError {
  if (error instanceof AppError) return error;
  const reason = classifyAiError(error);
  const message = reason === 'invalid_output' || reason === 'provider_error' ? failureMessage : reasonMessages[reason];
  return new AppError('AI_FAILED', message, { cause: describeCause(error, engineName, secrets), details: { reason } });
}

// ---------------------------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------------------------

/**
 * The vendor-backed model: structured output against a zod schema, one retry for a malformed or
 * unusable answer, one deadline per call (90 s by default) and errors classified into messages a
 * teacher understands. It knows nothing of grading or AI literacy: the features bring their prompts.
 */
export function createModelEngine(options: ModelEngineOptions): AiModel {
  const timeoutMs = options.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS;
  const maxRetries = options.maxNetworkRetries ?? 2;
  const secrets = options.secrets ?? [];

  /**
   * Asks for an object; a malformed or schema-failing answer (or one `findProblem` rejects) is
   * asked for once more, then the call fails with the feature's message. Transport errors are not
   * repeated here (the SDK already retried the retryable ones).
   */
  async function generateObject<T>(request: GenerateObjectRequest<T>): Promise<T> {
    let lastError: unknown;
    // One deadline for the call: asking again for a malformed answer gets what time is left.
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
          output: Output.object({ schema: request.schema, name: request.schemaName }),
          system: request.system,
          prompt: request.prompt,
          maxRetries,
          timeout: remainingMs,
          ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        });
        const output = result.output as T;
        const problem = request.findProblem?.(output) ?? null;
        if (problem) throw new UnusableAnswerError(problem);
        return output;
      } catch (error) {
        lastError = error;
        if (classifyAiError(error) !== 'invalid_output') break;
      }
    }
    throw toAiAppError(lastError, request.failureMessage, options.name, secrets);
  }

  return { name: options.name, generateObject };
}
