import { describe, expect, it } from 'vitest';
import { AiConfigError, createAiModel, DEFAULT_MODELS } from './create-ai-model';

describe('createAiModel', () => {
  it('gives no model without a provider, so features take their offline path, never crashing', () => {
    expect(createAiModel(undefined)).toBeNull();
    expect(createAiModel({ provider: 'offline', model: 'ignored' })).toBeNull();
  });

  it('builds the vendor models from their keys, with the documented default models', () => {
    expect(createAiModel({ provider: 'openai', apiKey: 'sk-x' })).toMatchObject({ name: 'openai' });
    expect(createAiModel({ provider: 'anthropic', apiKey: 'sk-ant-x', model: 'claude-haiku-4-5' })).toMatchObject({
      name: 'anthropic',
    });
    expect(DEFAULT_MODELS).toEqual({ openai: 'gpt-4.1-mini', anthropic: 'claude-sonnet-4-5' });
  });

  it('stops the boot with a clear message for a configuration that cannot work', () => {
    expect(() => createAiModel({ provider: 'openai' })).toThrow(AiConfigError);
    expect(() => createAiModel({ provider: 'openai' })).toThrow(/AI_API_KEY/);
    expect(() => createAiModel({ provider: 'anthropic', apiKey: '  ' })).toThrow(/AI_API_KEY/);
    expect(() => createAiModel({ provider: 'openai-compatible', model: 'llama3.1' })).toThrow(/AI_BASE_URL.*Ollama/);
    expect(() => createAiModel({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' })).toThrow(
      /AI_MODEL/,
    );
  });

  it('needs no key for a local OpenAI-compatible server', () => {
    expect(
      createAiModel({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1/', model: 'llama3.1:8b' }),
    ).toMatchObject({ name: 'openai-compatible' });
  });
});
