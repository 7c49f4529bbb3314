import { describe, expect, it } from 'vitest';
import { addCalendarMonths, currentTermEnd } from './billing-term';

describe('currentTermEnd', () => {
  const anchor = new Date('2026-01-31T10:00:00Z');

  it('is the next monthly renewal, without drifting off a month-end anchor', () => {
    expect(currentTermEnd(anchor, 'month', new Date('2026-02-10T00:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
    expect(currentTermEnd(anchor, 'month', new Date('2026-03-05T00:00:00Z')).toISOString()).toBe(
      '2026-03-31T10:00:00.000Z',
    );
  });

  it('is the end of the yearly term, a year after the anchor', () => {
    expect(currentTermEnd(anchor, 'year', new Date('2026-06-01T00:00:00Z')).toISOString()).toBe(
      '2027-01-31T10:00:00.000Z',
    );
    expect(currentTermEnd(anchor, 'year', new Date('2027-02-01T00:00:00Z')).toISOString()).toBe(
      '2028-01-31T10:00:00.000Z',
    );
  });

  it('moves on exactly at the renewal moment', () => {
    expect(currentTermEnd(anchor, 'month', new Date('2026-02-28T10:00:00Z')).toISOString()).toBe(
      '2026-03-31T10:00:00.000Z',
    );
  });
});

describe('addCalendarMonths', () => {
  it('clamps to the last day of a shorter month and keeps whole seconds', () => {
    expect(addCalendarMonths(new Date('2024-01-31T08:30:15.900Z'), 1).toISOString()).toBe('2024-02-29T08:30:15.000Z');
    expect(addCalendarMonths(new Date('2026-12-15T00:00:00Z'), 12).toISOString()).toBe('2027-12-15T00:00:00.000Z');
  });
});
