import { describe, expect, it } from 'vitest';
import {
  commentForPoints,
  commentsFollowingPoints,
  isDraftCommentCleared,
  type DraftedCriterion,
} from './rubric-comments';

const drafted: DraftedCriterion = {
  criterionId: 'c1',
  points: 9,
  comment: 'Developing: the claim is clear but the evidence is thin.',
};

describe('a rubric comment as the teacher changes the points', () => {
  it('clears the drafted words when the points move away from the draft, and brings them back on return', () => {
    const cleared = commentForPoints(drafted.comment, '15', drafted);
    expect(cleared).toBe('');
    expect(isDraftCommentCleared(cleared, '15', drafted)).toBe(true);
    expect(commentForPoints(cleared, '9', drafted)).toBe(drafted.comment);
    expect(isDraftCommentCleared(drafted.comment, '9', drafted)).toBe(false);
    // An emptied points field is not the draft's rating either.
    expect(commentForPoints(drafted.comment, '', drafted)).toBe('');
  });

  it('keeps a comment the teacher wrote or edited, whatever the points', () => {
    expect(commentForPoints('My own words.', '15', drafted)).toBe('My own words.');
    expect(commentForPoints(`${drafted.comment} Well argued.`, '0', drafted)).toBe(`${drafted.comment} Well argued.`);
    expect(isDraftCommentCleared('My own words.', '15', drafted)).toBe(false);
  });

  it('changes nothing without a drafted comment for the criterion', () => {
    expect(commentForPoints('Saved comment.', '3', undefined)).toBe('Saved comment.');
    expect(commentForPoints('', '3', { ...drafted, comment: '' })).toBe('');
    expect(isDraftCommentCleared('', '3', undefined)).toBe(false);
  });
});

describe('the rubric assessment a save sends', () => {
  it('drops a drafted comment whose points no longer match the draft, and only that one', () => {
    const draft: DraftedCriterion[] = [drafted, { criterionId: 'c2', points: 4, comment: 'Proficient organisation.' }];
    const { assessment, cleared } = commentsFollowingPoints(
      [
        { criterionId: 'c1', points: 0, comments: drafted.comment },
        { criterionId: 'c2', points: 4, comments: 'Proficient organisation.' },
        { criterionId: 'c3', points: 2, comments: 'Teacher note.' },
      ],
      draft,
    );
    expect(cleared).toEqual(['c1']);
    expect(assessment).toEqual([
      { criterionId: 'c1', points: 0, comments: '' },
      { criterionId: 'c2', points: 4, comments: 'Proficient organisation.' },
      { criterionId: 'c3', points: 2, comments: 'Teacher note.' },
    ]);
  });

  it('sends everything as approved when there is no draft', () => {
    const approved = [{ criterionId: 'c1', points: 0, comments: drafted.comment }];
    expect(commentsFollowingPoints(approved, null)).toEqual({ assessment: approved, cleared: [] });
  });
});
