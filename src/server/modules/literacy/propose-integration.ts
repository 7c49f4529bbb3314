import type { Database } from '@/server/db/connection';
import { AppError } from '@/server/core/app-error';
import type { AiEngine } from '@/server/adapters/ai';
import type { IntegrationRequest } from '@/shared/schemas/ai';
import { BOTH_REQUIRED_MESSAGE, type IntegrationToolResponse } from '@/shared/schemas/literacy';
import { limitLiteracyUse } from './rate-limits';
import type { IntegrationInput } from './read-integration-request';
import { readUploadedAssignment } from './read-uploaded-assignment';

export type GenerationDeps = { db: Database; ai: AiEngine };

/**
 * DIVER suggestions for one assignment. The typed content wins; when the content box is empty the
 * uploaded file's text is the content. The engine's answer is schema-checked by the engine.
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
    throw new AppError('VALIDATION', BOTH_REQUIRED_MESSAGE, { details: { field: fields.assignmentTitle ? 'assignmentText' : 'assignmentTitle' } });
  }
  const request: IntegrationRequest = {
    assignmentTitle: fields.assignmentTitle,
    assignmentText: content,
    subject: fields.subject,
    gradeLevel: fields.gradeLevel,
    estimatedTime: fields.estimatedTime,
  };
  const result = await deps.ai.proposeIntegration(request);
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
