import { describe, expect, it } from 'vitest';
import { JsonShapeScanner } from './json-shape';

const bytes = (text: string) => new TextEncoder().encode(text);

function verdictOf(text: string, maxDepth: number, maxContainers = 1_000, chunkSize = 3) {
  const scanner = new JsonShapeScanner({ maxDepth, maxContainers });
  const all = bytes(text);
  let verdict = scanner.feed(new Uint8Array());
  for (let start = 0; start < all.length; start += chunkSize)
    verdict = scanner.feed(all.subarray(start, start + chunkSize));
  return verdict;
}

describe('JsonShapeScanner', () => {
  it('counts arrays and objects across chunks, not brackets inside strings or after escapes', () => {
    expect(verdictOf('{"a":[{"b":1}]}', 3)).toBe('ok');
    expect(verdictOf('{"a":[{"b":[1]}]}', 3)).toBe('too_deep');
    expect(verdictOf('{"text":"[[[[[[[[{{{{{{"}', 1)).toBe('ok');
    expect(verdictOf('{"text":"a \\" [[[[ \\\\"}', 1)).toBe('ok');
    expect(verdictOf('{"text":"é [[ ü \\\\\\" [[["}', 1, 1_000, 1)).toBe('ok');
    expect(verdictOf('[[],[],[[]]]', 2)).toBe('too_deep');
    expect(verdictOf('[[],[],[]]', 2)).toBe('ok');
  });

  it('refuses more containers than allowed, however shallow', () => {
    expect(verdictOf(`[${'[],'.repeat(10)}[]]`, 2, 12)).toBe('ok');
    expect(verdictOf(`[${'[],'.repeat(11)}[]]`, 2, 12)).toBe('too_many');
  });

  it('keeps its verdict once a limit is passed', () => {
    const scanner = new JsonShapeScanner({ maxDepth: 1, maxContainers: 10 });
    expect(scanner.feed(bytes('[['))).toBe('too_deep');
    expect(scanner.feed(bytes(']]'))).toBe('too_deep');
  });
});
