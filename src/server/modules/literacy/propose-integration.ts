import type { Database } from '@/server/db/connection';
import { AppError } from '@/server/core/app-error';
import type { AiModel } from '@/server/adapters/ai';
import { integrationResultSchema, type IntegrationRequest, type IntegrationResult } from '@/shared/schemas/ai';
import { BOTH_REQUIRED_MESSAGE, type IntegrationToolResponse } from '@/shared/schemas/literacy';
import { INTEGRATION_FAILURE_MESSAGE, proposeIntegrationWithModel } from './integration-prompt';
import { proposeIntegrationOffline } from './offline-integration';
import { limitLiteracyUse } from './rate-limits';
import type { IntegrationInput } from './read-integration-request';
import { readUploadedAssignment } from './read-uploaded-assignment';

/** `ai` is the configured model; without one the tool takes its offline path. */
export type GenerationDeps = { db: Database; ai: AiModel | null };

/**
 * DIVER suggestions for one assignment. The typed content wins; when the content box is empty the
 * uploaded file's text is the content. A model's answer or the offline one is schema-checked.
 */
export async function proposeIntegration(
  deps: GenerationDeps,
  { fields, file }: IntegrationInput,
  clientAddress: string,
): Promise<IntegrationToolResponse> {
  await limitLiteracyUse(deps.db, 'integration', clientAddress);
  let content = fields.assignmentText;
  let readFromFile: IntegrationToolResponse['readFromFile'] = null;
  if (!content && file) {
    content = await readUploadedAssignment(file);
    readFromFile = { filename: file.name, characters: content.length };
  }
  if (!fields.assignmentTitle || !content) {
    throw new AppError('VALIDATION', BOTH_REQUIRED_MESSAGE, {
      details: { field: fields.assignmentTitle ? 'assignmentText' : 'assignmentTitle' },
    });
  }
  const request: IntegrationRequest = {
    assignmentTitle: fields.assignmentTitle,
    assignmentText: content,
    subject: fields.subject,
    gradeLevel: fields.gradeLevel,
    estimatedTime: fields.estimatedTime,
  };
  const result = deps.ai ? await proposeIntegrationWithModel(deps.ai, request) : proposeOffline(request);
  return {
    result,
    assignment: {
      title: request.assignmentTitle,
      content: request.assignmentText,
      subject: request.subject,
      gradeLevel: request.gradeLevel,
      estimatedTime: request.estimatedTime,
    },
    readFromFile,
  };
}

function proposeOffline(request: IntegrationRequest): IntegrationResult {
  try {
    return integrationResultSchema.parse(proposeIntegrationOffline(request));
  } catch (error) {
    throw new AppError('AI_FAILED', INTEGRATION_FAILURE_MESSAGE, { cause: error });
  }
}
