import { AppError } from '@/server/core/app-error';
import type { RevisionRequest, RevisionResult } from '@/shared/schemas/ai';
import { reviseAssignmentOffline } from './offline-integration';
import type { GenerationDeps } from './propose-integration';
import { limitLiteracyUse } from './rate-limits';
import { REVISION_FAILURE_MESSAGE, reviseAssignmentWithModel } from './revision-prompt';

/** The original assignment rewritten with the selected suggestions woven in: by the model, or offline without one. */
export async function reviseAssignment(
  deps: GenerationDeps,
  input: RevisionRequest,
  clientAddress: string,
): Promise<RevisionResult> {
  await limitLiteracyUse(deps.db, 'revision', clientAddress);
  if (deps.ai) return { revisedAssignment: await reviseAssignmentWithModel(deps.ai, input), engine: deps.ai.name };
  return { revisedAssignment: reviseOffline(input), engine: 'offline' };
}

function reviseOffline(input: RevisionRequest): string {
  try {
    return reviseAssignmentOffline(input);
  } catch (error) {
    throw new AppError('AI_FAILED', REVISION_FAILURE_MESSAGE, { cause: error });
  }
}
