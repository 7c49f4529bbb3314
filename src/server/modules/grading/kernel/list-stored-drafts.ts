import type { StoredDrafts } from '@/shared/schemas/grading';
import { draftScope, type DraftTarget } from './draft-scope';
import type { DraftStore } from './draft-store';

/**
 * Instances' clocks differ a little: drafts made this long before `since` are sent again (the
 * screen merges them by student), so none made on another instance is missed.
 */
const CLOCK_MARGIN_MS = 10_000;

/**
 * The drafts a teacher has kept on one grading screen, and the screen's latest whole-class run
 * (only assignments have runs; the others answer none). With `since` (the `asOf` of an earlier
 * answer), only the drafts made after it: what a screen polling a run needs.
 */
export async function listStoredDrafts(
  drafts: DraftStore,
  teacherId: string,
  target: DraftTarget,
  since?: Date,
): Promise<StoredDrafts> {
  const scope = draftScope(target);
  const asOf = new Date();
  const [stored, job] = await Promise.all([
    drafts.list(teacherId, scope, since ? { since: new Date(since.getTime() - CLOCK_MARGIN_MS) } : {}),
    target.kind === 'assignment' ? drafts.latestJob(teacherId, scope) : null,
  ]);
  return { drafts: stored, job, asOf: asOf.toISOString(), ...(since ? { isPartial: true } : {}) };
}
