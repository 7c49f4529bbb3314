import { describe, expect, it } from 'vitest';
import { isNestedDeeperThan } from './json-body';

describe('isNestedDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(isNestedDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(isNestedDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(isNestedDeeperThan('{"text":"[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(isNestedDeeperThan('{"text":"a \\" [[[[ \\\\"}', 1)).toBe(false);
    expect(isNestedDeeperThan('[[],[],[[]]]', 2)).toBe(true);
    expect(isNestedDeeperThan('[[],[],[]]', 2)).toBe(false);
  });

  it('stops at the first level too deep, whatever follows', () => {
    const text = `${'['.repeat(5_000_000)}${']'.repeat(5_000_000)}`;
    text.charCodeAt(0); // flattens the concatenation, as a request body already is
    const started = performance.now();
    expect(isNestedDeeperThan(text, 32)).toBe(true);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
