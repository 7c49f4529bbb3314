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
  // The run first, then the drafts: a run read as finished has every one of its drafts in the list.
  // Read side by side, the drafts could be read before the run's last ones were stored and the run
  // after, and a screen would stop polling on a finished run with drafts missing.
  const job = target.kind === 'assignment' ? await drafts.latestJob(teacherId, scope) : null;
  const stored = await drafts.list(
    teacherId,
    scope,
    since ? { since: new Date(since.getTime() - CLOCK_MARGIN_MS) } : {},
  );
  return { drafts: stored, job, asOf: asOf.toISOString(), ...(since ? { isPartial: true } : {}) };
}
