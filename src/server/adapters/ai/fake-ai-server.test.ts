import { generateText, Output } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sampleFromJsonSchema, startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';

// The fake OpenAI-compatible server other tests rely on.
let server: FakeAiServer;
beforeAll(async () => {
  server = await startFakeAiServer();
});
afterAll(async () => {
  await server.close();
});

describe('fake AI server', () => {
  it('answers a structured request from its JSON schema by default, and a plain one with text', async () => {
    const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseUrl, supportsStructuredOutputs: true });
    const schema = z.object({
      grade: z.number(),
      items: z.array(z.object({ text: z.string(), quote: z.string().nullable() })),
      mode: z.enum(['a', 'b']),
    });
    const structured = await generateText({
      model: provider('m'),
      output: Output.object({ schema }),
      prompt: 'hi',
      maxRetries: 0,
    });
    expect(structured.output).toEqual({ grade: 0, items: [{ text: 'Fake text', quote: 'Fake text' }], mode: 'a' });
    const plain = await generateText({ model: provider('m'), prompt: 'hello', maxRetries: 0 });
    expect(plain.text).toBe('Fake answer');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.body.response_format?.type).toBe('json_schema');
    expect(server.requests[1]!.body.response_format).toBeUndefined();
    expect(server.promptText()).toContain('hello');
  });

  it('plays scripted answers in order, then the default', async () => {
    server.reset();
    server.enqueue({ kind: 'http-error', status: 503 }, { kind: 'text', content: 'raw' });
    const provider = createOpenAICompatible({ name: 'fake', baseURL: server.baseUrl });
    await expect(generateText({ model: provider('m'), prompt: 'x', maxRetries: 0 })).rejects.toThrow();
    expect((await generateText({ model: provider('m'), prompt: 'x', maxRetries: 0 })).text).toBe('raw');
    server.setDefault({ kind: 'json', value: { ok: true } });
    expect((await generateText({ model: provider('m'), prompt: 'x', maxRetries: 0 })).text).toBe('{"ok":true}');
    expect(server.requests).toHaveLength(3);
  });

  it('samples nullable, enum and minItems schemas', () => {
    expect(sampleFromJsonSchema({ anyOf: [{ type: 'null' }, { type: 'string' }] })).toBe('Fake text');
    expect(sampleFromJsonSchema({ type: ['integer', 'null'] })).toBe(0);
    expect(sampleFromJsonSchema({ type: 'array', items: { type: 'boolean' }, minItems: 2 })).toEqual([false, false]);
  });
});
