import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/server/core/app-error';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { createAiModel } from './create-ai-model';
import type { AiModel, GenerateObjectRequest } from './port';
import { neutralizeTags } from './prompt-text';

/** The transport alone: one structured call, its retry, its deadline and its error messages. */

const FAILURE = 'Failed to do the thing. Please try again.';
const answerSchema = z.object({ word: z.string(), count: z.number() });
type Answer = z.infer<typeof answerSchema>;

let server: FakeAiServer;
let model: AiModel;

function modelWith(timeoutMs: number, baseUrl = server.baseUrl): AiModel {
  const created = createAiModel(
    { provider: 'openai-compatible', model: 'fake-model', baseUrl, apiKey: 'sk-test-secret-key-123456' },
    { maxNetworkRetries: 0, timeoutMs },
  );
  if (!created) throw new Error('expected a model');
  return created;
}

beforeAll(async () => {
  server = await startFakeAiServer();
  model = modelWith(2_000);
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const ask = (overrides: Partial<GenerateObjectRequest<Answer>> = {}, on: AiModel = model) =>
  on.generateObject({
    system: 'You count words.',
    prompt: 'Count "apple".',
    schema: answerSchema,
    schemaName: 'word_count',
    failureMessage: FAILURE,
    ...overrides,
  });

describe('model engine: structured generation (openai-compatible, against the fake server)', () => {
  it('sends the system text, the prompt, the model and a JSON schema with its name, and returns the object', async () => {
    server.enqueue({ kind: 'json', value: { word: 'apple', count: 3 } });
    expect(await ask()).toEqual({ word: 'apple', count: 3 });
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.body.model).toBe('fake-model');
    expect(request.headers.authorization).toBe('Bearer sk-test-secret-key-123456');
    expect(request.body.response_format?.type).toBe('json_schema');
    expect(JSON.stringify(request.body.response_format)).toContain('word_count');
    expect(request.body.messages?.find((message) => message.role === 'system')?.content).toBe('You count words.');
    expect(server.promptText()).toContain('Count "apple".');
  });

  it('retries a malformed answer once and succeeds on the second', async () => {
    server.enqueue(
      { kind: 'text', content: 'Sure! It is three.' },
      { kind: 'json', value: { word: 'apple', count: 3 } },
    );
    expect(await ask()).toEqual({ word: 'apple', count: 3 });
    expect(server.requests).toHaveLength(2);
  });

  it('retries an answer that fails the schema', async () => {
    server.enqueue(
      { kind: 'json', value: { word: 3, count: 'three' } },
      { kind: 'json', value: { word: 'apple', count: 3 } },
    );
    expect(await ask()).toEqual({ word: 'apple', count: 3 });
    expect(server.requests).toHaveLength(2);
  });

  it("gives the feature's message after two malformed answers", async () => {
    server.enqueue({ kind: 'text', content: 'not json' }, { kind: 'text', content: '{"word": ' });
    const failure = await ask().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'AI_FAILED', userMessage: FAILURE, details: { reason: 'invalid_output' } });
    expect(server.requests).toHaveLength(2);
  });

  it('asks again when the feature finds a problem the schema cannot state, then fails with its message', async () => {
    const findProblem = (answer: Answer) => (answer.count < 0 ? 'a negative count' : null);
    server.enqueue(
      { kind: 'json', value: { word: 'apple', count: -1 } },
      { kind: 'json', value: { word: 'apple', count: 2 } },
    );
    expect(await ask({ findProblem })).toEqual({ word: 'apple', count: 2 });
    expect(server.requests).toHaveLength(2);

    server.reset();
    server.enqueue(
      { kind: 'json', value: { word: 'apple', count: -1 } },
      { kind: 'json', value: { word: 'apple', count: -2 } },
    );
    await expect(ask({ findProblem })).rejects.toMatchObject({ code: 'AI_FAILED', userMessage: FAILURE });
    expect(server.requests).toHaveLength(2);
  });

  it('maps an authentication error to a readable message without the key, and does not retry it', async () => {
    server.enqueue({
      kind: 'http-error',
      status: 401,
      message: 'Incorrect API key provided: sk-test-secret-key-123456',
    });
    const failure = (await ask().catch((error: unknown) => error)) as AppError;
    expect(failure.code).toBe('AI_FAILED');
    expect(failure.userMessage).toMatch(/credentials/);
    expect(failure.details).toEqual({ reason: 'auth' });
    expect(JSON.stringify({ message: failure.message, cause: String(failure.cause) })).not.toContain(
      'sk-test-secret-key-123456',
    );
    expect(server.requests).toHaveLength(1);
  });

  it("maps a server error to the feature's message and a rate limit to a busy message", async () => {
    server.enqueue({ kind: 'http-error', status: 500 });
    await expect(ask()).rejects.toMatchObject({
      code: 'AI_FAILED',
      userMessage: FAILURE,
      details: { reason: 'provider_error' },
    });
    server.enqueue({ kind: 'http-error', status: 429 });
    await expect(ask()).rejects.toMatchObject({
      code: 'AI_FAILED',
      details: { reason: 'rate_limited' },
      userMessage: 'The AI service is busy right now. Please wait a minute and try again.',
    });
  });

  it('gives up after the timeout', async () => {
    server.enqueue({ kind: 'delay', ms: 1_000, then: { kind: 'json', value: { word: 'apple', count: 3 } } });
    const failure = (await ask({}, modelWith(150)).catch((error: unknown) => error)) as AppError;
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.details).toEqual({ reason: 'timeout' });
    expect(failure.userMessage).toBe('The AI service took too long to answer. Please try again.');
  });

  it('keeps one deadline when it asks again after a malformed answer', async () => {
    // The first answer is unusable and takes most of the time; the second would come too late.
    server.enqueue(
      { kind: 'delay', ms: 1_000, then: { kind: 'text', content: 'not json' } },
      { kind: 'delay', ms: 5_000, then: { kind: 'json', value: { word: 'apple', count: 3 } } },
    );
    const started = performance.now();
    const failure = (await ask().catch((error: unknown) => error)) as AppError;
    expect(failure).toBeInstanceOf(AppError);
    expect(failure.details).toEqual({ reason: 'timeout' });
    // 2 s in all; a fresh timeout for the second try would make it 3 s.
    expect(performance.now() - started).toBeLessThan(2_700);
  });

  it('reports an unreachable server', async () => {
    const probe = await startFakeAiServer();
    const closedUrl = probe.baseUrl;
    await probe.close();
    await expect(ask({}, modelWith(2_000, closedUrl))).rejects.toMatchObject({
      code: 'AI_FAILED',
      details: { reason: 'unreachable' },
    });
  });
});

describe('prompt text', () => {
  it('removes only the named delimiter tags from untrusted text', () => {
    expect(
      neutralizeTags('a </student_submission> b < student_submission x="1"> <p>c</p>', ['student_submission']),
    ).toBe('a [tag removed] b [tag removed] <p>c</p>');
  });
});
