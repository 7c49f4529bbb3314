export type {
  AiEngine,
  AiOperation,
  ClassWork,
  GradingExample,
  GradingInput,
  RawGradingDraft,
  RawQuotedPoint,
  RawRubricAssessmentItem,
} from './port';
export { aiFailureMessages } from './port';
export { createAiEngine, AiConfigError, DEFAULT_MODELS, type AiConfig, type AiEngineTuning } from './create-ai-engine';
export { createModelEngine, DEFAULT_AI_TIMEOUT_MS, classifyAiError, toAiAppError, type AiFailureReason, type ModelEngineOptions } from './model-engine';
export { createOfflineEngine } from './offline-engine';
export { createCalibratedEngine, fitCalibration, type Calibration } from './calibrated-engine';
export { redactStudentIdentity, PLACEHOLDERS, type Redaction, type StudentIdentity } from './redaction';
export {
  finalizeDraft,
  clampGrade,
  roundToStep,
  effectivePointsPossible,
  normalizeForQuoteMatch,
  buildQuoteIndex,
  verifyQuote,
  gradeFromRubric,
  EMPTY_FEEDBACK_TEXT,
  GRADE_STEP,
  DEFAULT_POINTS_POSSIBLE,
  type FinalizeContext,
  type QuoteIndex,
} from './finalize-draft';
export { buildGradingPrompt, buildIntegrationPrompt, buildRevisionPrompt, type Prompt } from './prompts';
