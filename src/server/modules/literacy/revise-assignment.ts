import type { RevisionRequest, RevisionResult } from '@/shared/schemas/ai';
import type { GenerationDeps } from './propose-integration';
import { limitLiteracyUse } from './rate-limits';

/** The original assignment rewritten with the selected suggestions woven in. */
export async function reviseAssignment(deps: GenerationDeps, input: RevisionRequest, clientAddress: string): Promise<RevisionResult> {
  await limitLiteracyUse(deps.db, 'revision', clientAddress);
  const revisedAssignment = await deps.ai.reviseAssignment(input);
  return { revisedAssignment, engine: deps.ai.name };
}
