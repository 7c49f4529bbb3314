import { describe, expect, it } from 'vitest';
import { createSeededRandom, seededSample, seededShuffle, seedFromLabel } from './seeded-draws';

describe('seeded draws', () => {
  it('gives the same numbers for the same seed, in [0, 1)', () => {
    const first = createSeededRandom(42);
    const second = createSeededRandom(42);
    const values = Array.from({ length: 1000 }, () => first());
    expect(Array.from({ length: 1000 }, () => second())).toEqual(values);
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(Math.abs(values.reduce((total, value) => total + value, 0) / 1000 - 0.5)).toBeLessThan(0.05);
  });

  it('derives different seeds from different labels, and the same from the same', () => {
    expect(seedFromLabel('2:draw:1')).toBe(seedFromLabel('2:draw:1'));
    expect(seedFromLabel('2:draw:1')).not.toBe(seedFromLabel('2:draw:2'));
    // FNV-1a of the empty string is its offset basis.
    expect(seedFromLabel('')).toBe(0x811c9dc5);
  });

  it('shuffles into a permutation that depends only on the label', () => {
    const items = Array.from({ length: 50 }, (_, index) => index);
    const shuffled = seededShuffle(items, 'set 4');
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
    expect(seededShuffle(items, 'set 4')).toEqual(shuffled);
    expect(seededShuffle(items, 'set 5')).not.toEqual(shuffled);
    expect(items[0]).toBe(0);
  });

  it('samples without replacement and keeps the original order', () => {
    const items = Array.from({ length: 100 }, (_, index) => `essay ${index}`);
    const sample = seededSample(items, 10, 'sample');
    expect(sample).toHaveLength(10);
    expect(new Set(sample).size).toBe(10);
    expect(sample).toEqual([...sample].sort((a, b) => Number(a.split(' ')[1]) - Number(b.split(' ')[1])));
    expect(seededSample(items, 10, 'sample')).toEqual(sample);
    expect(seededSample(items, 500, 'sample')).toEqual(items);
  });
});
