import { createHash } from 'node:crypto';
import type { DemoAssignment, DemoSubmission } from '../model';

/** Canvas's anonymous ids: 5 characters of base58 (no 0, O, I or l). */
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * A submission's `anonymous_id`, derived from its id so the seed draws nothing more and the id
 * stays the same across restarts.
 */
export function anonymousIdOf(submission: Pick<DemoSubmission, 'id'>): string {
  const digest = createHash('sha256').update(`anonymous-submission:${submission.id}`).digest();
  return [...digest.subarray(0, 5)].map((byte) => BASE58[byte % BASE58.length]).join('');
}

/** While anonymous grading hides them, graders see no user: submissions carry only the anonymous id. */
export function anonymizesStudents(assignment: Pick<DemoAssignment, 'anonymousGrading'>): boolean {
  return assignment.anonymousGrading === true;
}
