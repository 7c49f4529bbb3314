import { describe, expect, it } from 'vitest';
import type { DiscussionStudent } from '@/shared/schemas/discussion-grading';
import { neighborInTab, studentsInTab, tabCounts } from './student-filter';

const student = (id: number, score: number | null) =>
  ({ user: { id }, grade: { score, excused: false } }) as unknown as DiscussionStudent;
const all = [student(1, 5), student(2, null), student(3, null), student(4, 9), student(5, null)];

describe('student entries tabs', () => {
  it('splits students into all, ungraded and graded, with counts', () => {
    expect(studentsInTab(all, 'ungraded').map((s) => s.user.id)).toEqual([2, 3, 5]);
    expect(studentsInTab(all, 'graded').map((s) => s.user.id)).toEqual([1, 4]);
    expect(tabCounts(all)).toEqual({ all: 5, ungraded: 3, graded: 2 });
  });

  it('moves to the next student of the tab, even from a student who just left it', () => {
    const ungraded = studentsInTab(all, 'ungraded');
    expect(neighborInTab(all, ungraded, 2, 1)?.user.id).toBe(3);
    expect(neighborInTab(all, ungraded, 4, 1)?.user.id).toBe(5);
    expect(neighborInTab(all, ungraded, 4, -1)?.user.id).toBe(3);
    expect(neighborInTab(all, ungraded, 5, 1)).toBeNull();
    expect(neighborInTab(all, ungraded, null, 1)?.user.id).toBe(2);
  });
});
