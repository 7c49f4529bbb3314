import { describe, expect, it } from 'vitest';
import type { GradingSubmission } from '@/shared/schemas/grading';
import { arrangeStudents, isWaiting, parseShow } from './student-order';

function student(userId: number, state: 'submitted' | 'graded' | 'unsubmitted'): GradingSubmission {
  return {
    id: state === 'unsubmitted' ? `placeholder_${userId}` : String(userId),
    user_id: userId,
    workflow_state: state,
    submitted_at: state === 'unsubmitted' ? null : '2026-11-20T10:00:00Z',
    excused: false,
  } as unknown as GradingSubmission;
}

const list = [
  student(1, 'graded'),
  student(2, 'submitted'),
  student(3, 'submitted'),
  student(4, 'unsubmitted'),
  student(5, 'submitted'),
];
const uncertainty: Record<number, number> = { 2: 0.3, 3: 0.9, 1: 0.5 };
const uncertaintyOf = (userId: number) => uncertainty[userId] ?? null;

describe('the order of the student list', () => {
  it('keeps Canvas’s order and shows everyone unless asked', () => {
    const arranged = arrangeStudents(list, { order: 'canvas', show: 'everyone', uncertaintyOf, openUserId: null });
    expect(arranged.map((each) => each.user_id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('puts the least sure drafts first, then the undrafted in Canvas order', () => {
    const arranged = arrangeStudents(list, { order: 'least-sure', show: 'everyone', uncertaintyOf, openUserId: null });
    expect(arranged.map((each) => each.user_id)).toEqual([3, 1, 2, 4, 5]);
  });

  it('shows only those waiting, keeping the student open now', () => {
    expect(list.filter(isWaiting).map((each) => each.user_id)).toEqual([2, 3, 5]);
    const arranged = arrangeStudents(list, { order: 'least-sure', show: 'waiting', uncertaintyOf, openUserId: 1 });
    expect(arranged.map((each) => each.user_id)).toEqual([3, 1, 2, 5]);
  });
});

describe('whom the list shows', () => {
  it('is the walk: only those waiting unless she chose everyone', () => {
    expect(parseShow(null)).toBe('waiting');
    expect(parseShow('waiting')).toBe('waiting');
    expect(parseShow('everyone')).toBe('everyone');
  });
});
