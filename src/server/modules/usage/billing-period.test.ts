import { describe, expect, it } from 'vitest';
import { billingPeriodFor } from './billing-period';

describe('billingPeriodFor', () => {
  const anchor = new Date('2026-01-15T10:00:00Z');

  it('finds the month containing now, anchored on the subscription day', () => {
    const period = billingPeriodFor(anchor, new Date('2026-03-20T00:00:00Z'));
    expect(period.key).toBe('2026-03-15');
    expect(period.monthYear).toBe('2026-03');
    expect(period.end?.toISOString()).toBe('2026-04-15T10:00:00.000Z');
    expect(period.daysRemaining).toBe(27);
  });

  it('has not yet moved on just before the anchor time', () => {
    expect(billingPeriodFor(anchor, new Date('2026-03-15T09:59:59Z')).key).toBe('2026-02-15');
  });

  it('clamps to the month end when the anchor day does not exist', () => {
    const endOfMonth = new Date('2026-01-31T00:00:00Z');
    expect(billingPeriodFor(endOfMonth, new Date('2026-02-28T12:00:00Z')).key).toBe('2026-02-28');
    expect(billingPeriodFor(endOfMonth, new Date('2026-03-31T12:00:00Z')).key).toBe('2026-03-31');
  });

  it('starts at the anchor itself', () => {
    expect(billingPeriodFor(anchor, anchor).key).toBe('2026-01-15');
  });
});
