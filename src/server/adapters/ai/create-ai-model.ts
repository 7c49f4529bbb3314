import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createModelEngine } from './model-engine';
import type { AiModel, AiModelName } from './port';

/** The `ai` part of the server config (AI_PROVIDER, AI_MODEL, AI_API_KEY, AI_BASE_URL). */
export type AiConfig = {
  /** 'offline' (or none) means no model: each feature takes its offline path. */
  provider: AiModelName | 'offline';
  model?: string | undefined;
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  /**
   * AI_CALIBRATE: map a model's grades onto the teacher's grades on the graded work (model engines
   * only). Read by grading (grading/drafting/grade-drafter.ts), not by the transport.
   */
  calibrate?: boolean | undefined;
};

export type AiEngineTuning = {
  /** Per operation, retries included; default 90 s. */
  timeoutMs?: number;
  /** The SDK's retries of 429/5xx/network errors; default 2. */
  maxNetworkRetries?: number;
  /** Only for tests of the HTTP path. */
  fetch?: typeof globalThis.fetch;
};

/**
 * Models used when AI_MODEL is not set. Chosen for reliable structured output at a sensible cost
 * per essay: OpenAI 'gpt-4.1-mini' (fast, cheap, strict JSON-schema output) and Anthropic
 * 'claude-sonnet-4-5' (careful reading of long student work). An OpenAI-compatible server has no
 * default: only its operator knows which models it serves.
 */
export const DEFAULT_MODELS = {
  openai: 'gpt-4.1-mini',
  anthropic: 'claude-sonnet-4-5',
} as const;

/** Thrown at boot for a configuration that cannot work; the message names the variable to fix. */
export class AiConfigError extends Error {
  override name = 'AiConfigError';
}

// Reasoning models reject a temperature; the others get a low one for steadier grades.
function temperatureFor(provider: AiModelName, model: string): number | undefined {
  if (provider === 'openai' && /^(o\d|gpt-5)/i.test(model)) return undefined;
  return 0.2;
}

/**
 * The configured model, or null without a provider (or with 'offline'): each feature then takes its
 * offline path, never a crash. A provider that is configured but cannot work (no key, no base URL,
 * no model for an OpenAI-compatible server) stops the boot with a clear message.
 */
export function createAiModel(config: AiConfig | undefined, tuning: AiEngineTuning = {}): AiModel | null {
  const provider = config?.provider ?? 'offline';
  if (!config || provider === 'offline') return null;
  return createProviderModel({ ...config, provider }, tuning);
}

function createProviderModel(config: AiConfig & { provider: AiModelName }, tuning: AiEngineTuning): AiModel {
  const provider = config.provider;

  const apiKey = config.apiKey?.trim() || undefined;
  const baseUrl = config.baseUrl?.trim().replace(/\/+$/, '') || undefined;
  const configuredModel = config.model?.trim() || undefined;
  const common = {
    timeoutMs: tuning.timeoutMs,
    maxNetworkRetries: tuning.maxNetworkRetries,
    secrets: apiKey ? [apiKey] : [],
  };

  switch (provider) {
    case 'openai': {
      if (!apiKey)
        throw new AiConfigError(
          'AI_PROVIDER=openai needs AI_API_KEY (an OpenAI API key). Unset AI_PROVIDER to use the offline engine.',
        );
      const modelId = configuredModel ?? DEFAULT_MODELS.openai;
      const openai = createOpenAI({
        apiKey,
        ...(baseUrl ? { baseURL: baseUrl } : {}),
        ...(tuning.fetch ? { fetch: tuning.fetch } : {}),
      });
      return createModelEngine({
        ...common,
        name: 'openai',
        model: openai(modelId),
        temperature: temperatureFor('openai', modelId),
      });
    }
    case 'anthropic': {
      if (!apiKey)
        throw new AiConfigError(
          'AI_PROVIDER=anthropic needs AI_API_KEY (an Anthropic API key). Unset AI_PROVIDER to use the offline engine.',
        );
      const modelId = configuredModel ?? DEFAULT_MODELS.anthropic;
      const anthropic = createAnthropic({
        apiKey,
        ...(baseUrl ? { baseURL: baseUrl } : {}),
        ...(tuning.fetch ? { fetch: tuning.fetch } : {}),
      });
      return createModelEngine({
        ...common,
        name: 'anthropic',
        model: anthropic(modelId),
        temperature: temperatureFor('anthropic', modelId),
      });
    }
    case 'openai-compatible': {
      if (!baseUrl) {
        throw new AiConfigError(
          "AI_PROVIDER=openai-compatible needs AI_BASE_URL, the server's OpenAI-compatible API root (for example http://localhost:11434/v1 for Ollama, http://localhost:8000/v1 for vLLM, http://localhost:1234/v1 for LM Studio, http://localhost:8080/v1 for llama.cpp server).",
        );
      }
      if (!configuredModel) {
        throw new AiConfigError(
          'AI_PROVIDER=openai-compatible needs AI_MODEL, the name of a model your server serves (for example "llama3.1:8b" on Ollama). There is no default for a self-hosted server.',
        );
      }
      const compatible = createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: baseUrl,
        ...(apiKey ? { apiKey } : {}),
        supportsStructuredOutputs: true,
        ...(tuning.fetch ? { fetch: tuning.fetch } : {}),
      });
      return createModelEngine({
        ...common,
        name: 'openai-compatible',
        model: compatible(configuredModel),
        temperature: temperatureFor('openai-compatible', configuredModel),
      });
    }
  }
}
