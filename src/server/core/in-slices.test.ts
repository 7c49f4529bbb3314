import { describe, expect, it } from 'vitest';
import { mapInSlices } from './in-slices';

describe('work in slices', () => {
  it('maps in order and lets a timer run between slices of a long loop', async () => {
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const busy = (value: number) => {
      const until = performance.now() + 2;
      while (performance.now() < until);
      return value * 2;
    };
    const doubled = await mapInSlices(
      Array.from({ length: 40 }, (_, index) => index),
      (value) => {
        if (value === 39) expect(timerRan).toBe(true);
        return busy(value);
      },
      5,
    );
    expect(doubled).toEqual(Array.from({ length: 40 }, (_, index) => index * 2));
  });
});
