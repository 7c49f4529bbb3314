import { describe, expect, it } from 'vitest';
import type { NeedsGradingItem } from '@/shared/schemas/canvas';
import { isOverdue, sortByDueDate } from './needs-grading-order';

const item = (name: string, due_at: string | null): NeedsGradingItem => ({
  id: name.length,
  name,
  course_id: 1,
  course_name: 'C',
  course_code: null,
  due_at,
  points_possible: 10,
  needs_grading_count: 1,
  html_url: '',
  discussion_topic_id: null,
  quiz_id: null,
});

describe('sortByDueDate', () => {
  const items = [item('none', null), item('late', '2026-03-01T00:00:00Z'), item('early', '2026-01-01T00:00:00Z')];

  it('puts undated assignments last when oldest first', () => {
    expect(sortByDueDate(items, 'oldest').map((i) => i.name)).toEqual(['early', 'late', 'none']);
  });

  it('puts undated assignments first when newest first', () => {
    expect(sortByDueDate(items, 'newest').map((i) => i.name)).toEqual(['none', 'late', 'early']);
  });
});

describe('isOverdue', () => {
  it('is true only for a past due date', () => {
    const now = Date.parse('2026-02-01T00:00:00Z');
    expect(isOverdue('2026-01-01T00:00:00Z', now)).toBe(true);
    expect(isOverdue('2026-03-01T00:00:00Z', now)).toBe(false);
    expect(isOverdue(null, now)).toBe(false);
  });
});
