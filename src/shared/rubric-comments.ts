/**
 * Rubric comments follow the points (issue 12). A drafted criterion comment argues for the points
 * the draft gave ("Developing: 9 of 15 ..."). Once the teacher gives that criterion other points,
 * the drafted words would tell the student something the points contradict, so they are cleared,
 * not rewritten: Margin cannot know why the teacher changed the rating, and a blank comment says
 * nothing false while an invented one might. Going back to the draft's points brings the drafted
 * comment back. A comment the teacher wrote or edited is theirs and is always kept.
 *
 * The client applies this as the teacher edits (`commentForPoints`); the save applies it again
 * against the stored draft (`commentsFollowingPoints`), so what reaches Canvas never contradicts
 * the points even if a stale screen sends the drafted words.
 */

/** What the draft said for one criterion. */
export type DraftedCriterion = { criterionId: string; points: number; comment: string };

function samePoints(a: number, b: number): boolean {
  return Math.abs(a - b) < 0.001;
}

function sameText(a: string, b: string): boolean {
  return a.trim() === b.trim();
}

/**
 * The comment a criterion should show after its points change from the current value to `nextPoints`
 * (as typed: '' or a number). Unchanged unless the comment is the draft's own words (or empty after
 * a clearing) and the draft scored this criterion.
 */
export function commentForPoints(
  currentComment: string,
  nextPoints: string,
  drafted: DraftedCriterion | undefined,
): string {
  if (!drafted || !drafted.comment.trim()) return currentComment;
  const isDraftsWords = sameText(currentComment, drafted.comment);
  const isClearedByUs = currentComment.trim() === '';
  if (!isDraftsWords && !isClearedByUs) return currentComment;
  const next = Number.parseFloat(nextPoints);
  const matchesDraft = Number.isFinite(next) && samePoints(next, drafted.points);
  return matchesDraft ? drafted.comment : '';
}

/** True when a criterion's drafted comment was cleared because its points no longer match the draft. */
export function isDraftCommentCleared(
  currentComment: string,
  currentPoints: string,
  drafted: DraftedCriterion | undefined,
): boolean {
  if (!drafted || !drafted.comment.trim() || currentComment.trim() !== '') return false;
  const points = Number.parseFloat(currentPoints);
  return !(Number.isFinite(points) && samePoints(points, drafted.points));
}

/**
 * The rubric assessment as it may be sent: a criterion whose comment is still the draft's words
 * but whose points differ from the draft's gets an empty comment. Returns the ids it cleared.
 */
export function commentsFollowingPoints<T extends { criterionId: string; points: number; comments: string }>(
  approved: T[],
  drafted: DraftedCriterion[] | null | undefined,
): { assessment: T[]; cleared: string[] } {
  const byId = new Map((drafted ?? []).map((item) => [item.criterionId, item]));
  const cleared: string[] = [];
  const assessment = approved.map((item) => {
    const draftItem = byId.get(item.criterionId);
    if (
      !draftItem ||
      !draftItem.comment.trim() ||
      !sameText(item.comments, draftItem.comment) ||
      samePoints(item.points, draftItem.points)
    )
      return item;
    cleared.push(item.criterionId);
    return { ...item, comments: '' };
  });
  return { assessment, cleared };
}
