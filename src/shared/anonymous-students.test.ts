import { describe, expect, it } from 'vitest';
import { anonymousIdOfKey, anonymousLabels, anonymousStudentKey, isAnonymousStudentKey } from './anonymous-students';

describe('anonymous student keys', () => {
  it('turn each anonymous id into its own negative key and back', () => {
    const ids = ['1', 'z', 'zzzzz', 'ZZZZZ', '00000', 'aB3x9', 'aB3x', 'Ab3x9'];
    const keys = ids.map((id) => anonymousStudentKey(id)!);
    expect(new Set(keys).size).toBe(ids.length);
    for (const [index, key] of keys.entries()) {
      expect(key).toBeLessThan(0);
      expect(key).toBeGreaterThanOrEqual(-(2 ** 31));
      expect(anonymousIdOfKey(key)).toBe(ids[index]);
      expect(isAnonymousStudentKey(key)).toBe(true);
    }
  });

  it('leave Canvas user ids alone and refuse ids Margin cannot key', () => {
    expect(anonymousIdOfKey(1001)).toBeNull();
    expect(isAnonymousStudentKey(0)).toBe(false);
    expect(anonymousStudentKey('abcdef')).toBeNull();
    expect(anonymousStudentKey('ab-c')).toBeNull();
    expect(anonymousStudentKey('')).toBeNull();
  });

  it('label students 1 to N in the order of their anonymous ids', () => {
    expect([...anonymousLabels(['q2', 'B7', 'a1'])]).toEqual([
      ['B7', 'Student 1'],
      ['a1', 'Student 2'],
      ['q2', 'Student 3'],
    ]);
  });
});
