import { AppError } from '@/server/core/app-error';
import { integrationResultSchema, type IntegrationRequest, type IntegrationResult, type RevisionRequest } from '@/shared/schemas/ai';
// The offline engine still lives in the adapter; decision 017 moves it into the grading kernel, which
// removes this upward import. Until then it reaches the scale model here.
// eslint-disable-next-line import-x/no-restricted-paths
import { loadEnglishSpeller } from '@/server/modules/grading/kernel/offline/calibration/english-speller';
// eslint-disable-next-line import-x/no-restricted-paths
import { gradeOnTeachersScale } from '@/server/modules/grading/kernel/offline/calibration/grade-on-teachers-scale';
import { effectivePointsPossible } from './finalize-draft';
import { draftGradeOffline } from './offline/grade-offline';
import { proposeIntegrationOffline, reviseAssignmentOffline } from './offline/integration-offline';
import { aiFailureMessages, type AiEngine, type GradingInput, type RawGradingDraft } from './port';

/**
 * The embedded engine used when no AI provider is configured: drafts without a model, from
 * evidence it can point to in the text, deterministically. Its grade comes from the scale model:
 * the work is measured against the assignment's other submissions and placed on the scale learned
 * from the teacher's own grades on them (input.classWork); with too small a class, against the
 * description. Its output has the same shape as the
 * model engine's and goes through the same checks (finalizeDraft, the integration schema).
 */
export function createOfflineEngine(): AiEngine {
  return {
    name: 'offline',
    isOffline: true,

    async draftGrade(input: GradingInput): Promise<RawGradingDraft> {
      try {
        const usesRubric = input.options.useRubric && (input.assignment.rubric?.length ?? 0) > 0;
        const scale = usesRubric ? null : await gradeOnTeachersScale(input, effectivePointsPossible(input.assignment.pointsPossible));
        return draftGradeOffline(input, scale, await loadEnglishSpeller());
      } catch (error) {
        throw new AppError('AI_FAILED', aiFailureMessages.grading, { cause: error });
      }
    },

    async proposeIntegration(input: IntegrationRequest): Promise<IntegrationResult> {
      try {
        return integrationResultSchema.parse(proposeIntegrationOffline(input));
      } catch (error) {
        throw new AppError('AI_FAILED', aiFailureMessages.integration, { cause: error });
      }
    },

    async reviseAssignment(input: RevisionRequest): Promise<string> {
      try {
        return reviseAssignmentOffline(input);
      } catch (error) {
        throw new AppError('AI_FAILED', aiFailureMessages.revision, { cause: error });
      }
    },
  };
}
