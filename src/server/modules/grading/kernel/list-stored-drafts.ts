import type { StoredDrafts } from '@/shared/schemas/grading';
import { draftScope, type DraftTarget } from './draft-scope';
import type { DraftStore } from './draft-store';

/**
 * The drafts a teacher has kept on one grading screen, and the screen's latest whole-class run
 * (only assignments have runs; the others answer none).
 */
export async function listStoredDrafts(
  drafts: DraftStore,
  teacherId: string,
  target: DraftTarget,
): Promise<StoredDrafts> {
  const scope = draftScope(target);
  const [stored, job] = await Promise.all([
    drafts.list(teacherId, scope),
    target.kind === 'assignment' ? drafts.latestJob(teacherId, scope) : null,
  ]);
  return { drafts: stored, job };
}
