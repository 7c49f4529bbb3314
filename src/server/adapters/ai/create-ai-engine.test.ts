import { describe, expect, it } from 'vitest';
import { AiConfigError, createAiEngine, DEFAULT_MODELS } from './create-ai-engine';

describe('createAiEngine', () => {
  it('falls back to the offline engine without a provider, never crashing', () => {
    expect(createAiEngine(undefined)).toMatchObject({ name: 'offline', isOffline: true });
    expect(createAiEngine({ provider: 'offline', model: 'ignored' })).toMatchObject({ name: 'offline', isOffline: true });
  });

  it('builds the vendor engines from their keys, with default models', () => {
    expect(createAiEngine({ provider: 'openai', apiKey: 'sk-x' })).toMatchObject({ name: 'openai', isOffline: false });
    expect(createAiEngine({ provider: 'anthropic', apiKey: 'sk-ant-x', model: 'claude-haiku-4-5' })).toMatchObject({ name: 'anthropic', isOffline: false });
    expect(DEFAULT_MODELS.openai).toBeTruthy();
    expect(DEFAULT_MODELS.anthropic).toBeTruthy();
  });

  it('stops the boot with a clear message for a configuration that cannot work', () => {
    expect(() => createAiEngine({ provider: 'openai' })).toThrow(AiConfigError);
    expect(() => createAiEngine({ provider: 'openai' })).toThrow(/AI_API_KEY/);
    expect(() => createAiEngine({ provider: 'anthropic', apiKey: '  ' })).toThrow(/AI_API_KEY/);
    expect(() => createAiEngine({ provider: 'openai-compatible', model: 'llama3.1' })).toThrow(/AI_BASE_URL.*Ollama/);
    expect(() => createAiEngine({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1' })).toThrow(/AI_MODEL/);
  });

  it('needs no key for a local OpenAI-compatible server', () => {
    expect(createAiEngine({ provider: 'openai-compatible', baseUrl: 'http://localhost:11434/v1/', model: 'llama3.1:8b' })).toMatchObject({
      name: 'openai-compatible',
      isOffline: false,
    });
  });
});
