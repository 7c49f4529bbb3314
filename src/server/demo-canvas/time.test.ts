import { describe, expect, it } from 'vitest';
import { endOfDayInDenver } from './time';

describe('endOfDayInDenver', () => {
  it("counts days from Denver's date, which is still the day before from midnight to 6 am UTC", () => {
    // 00:20 UTC on the 28th is 5:20 pm on the 27th in Denver: yesterday there ended on the 26th.
    const evening = new Date('2026-11-28T00:20:00Z');
    expect(endOfDayInDenver(evening, -1).toISOString()).toBe('2026-11-27T05:59:59.000Z');
    expect(endOfDayInDenver(evening, -1).getTime()).toBeLessThan(evening.getTime());
    expect(endOfDayInDenver(evening, 0).toISOString()).toBe('2026-11-28T05:59:59.000Z');
  });

  it('keeps the same day in the afternoon', () => {
    const afternoon = new Date('2026-11-27T20:00:00Z');
    expect(endOfDayInDenver(afternoon, 0).toISOString()).toBe('2026-11-28T05:59:59.000Z');
    expect(endOfDayInDenver(afternoon, 2).toISOString()).toBe('2026-11-30T05:59:59.000Z');
  });
});
