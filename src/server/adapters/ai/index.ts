export type { AiModel, AiModelName, GenerateObjectRequest } from './port';
export { createAiModel, AiConfigError, DEFAULT_MODELS, type AiConfig, type AiEngineTuning } from './create-ai-model';
export {
  createModelEngine,
  DEFAULT_AI_TIMEOUT_MS,
  classifyAiError,
  toAiAppError,
  type AiFailureReason,
  type ModelEngineOptions,
} from './model-engine';
export { neutralizeTags, truncate } from './prompt-text';
export { countModelCalls, withCallBudget, INSTALLATION_CALLS_KEY, INSTALLATION_LIMIT_MESSAGE } from './call-budget';
export { createPublicAddressFetch, type PublicAddressFetch } from './public-address-fetch';
