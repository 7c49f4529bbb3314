/** Drafting, the grading kernel's part that turns a student's work into a checked draft. */
export type {
  ClassWork,
  GradeDrafter,
  GradingExample,
  GradingInput,
  GradingVariant,
  RawGradingDraft,
  RawQuotedPoint,
  RawRubricAssessmentItem,
} from './draft-types';
export { GRADING_FAILURE_MESSAGE } from './draft-types';
export { finalizeDraft, type FinalizeContext } from './finalize-draft';
export {
  createClassmateRedactor,
  createIdentityRedactor,
  redactClassmates,
  redactStudentIdentity,
  PLACEHOLDERS,
  type Redaction,
  type StudentIdentity,
} from './redaction';
export { buildGradingPrompt, describeTask, type Prompt } from './prompts';
export { draftWithModel, modelDrafter } from './draft-with-model';
export {
  calibratedModelDrafter,
  createCalibratedDrafter,
  fitCalibration,
  type Calibration,
} from './calibrate-model-grades';
export { gradeDrafterFor } from './grade-drafter';
export { createOfflineEngine, draftOffline, offlineDrafter } from '../offline/draft-offline';
