import { describe, expect, it } from 'vitest';
import { cleanStorableStrings, storableText } from './storable-text';

describe('storableText', () => {
  it('drops NUL bytes and replaces lone surrogates, leaving real pairs and other text alone', () => {
    expect(storableText('a\u0000b')).toBe('ab');
    expect(storableText('sneaky \ud800 comment')).toBe('sneaky \ufffd comment');
    expect(storableText('end \udc00')).toBe('end \ufffd');
    expect(storableText('emoji 😀 and café')).toBe('emoji 😀 and café');
    expect(storableText('tabs\tand\nnewlines')).toBe('tabs\tand\nnewlines');
  });
});

describe('cleanStorableStrings', () => {
  it('cleans strings at any depth, in arrays and in keys, and leaves numbers and buffers alone', () => {
    const buffer = Buffer.from([0, 1, 2]);
    const value = {
      name: 'A\u0000B',
      nested: { list: ['x\ud800', 3, { deep: '\u0000' }] },
      ['k\u0000ey']: true,
      file: buffer,
    };
    expect(cleanStorableStrings(value)).toEqual({
      name: 'AB',
      nested: { list: ['x\ufffd', 3, { deep: '' }] },
      key: true,
      file: buffer,
    });
    expect(buffer).toEqual(Buffer.from([0, 1, 2]));
  });

  it('walks a body nested 100,000 levels deep without overflowing the stack', () => {
    let value: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) value = { next: value };
    expect(() => cleanStorableStrings(value)).not.toThrow();
    let cursor = value as { next: unknown };
    for (let i = 0; i < 100_000; i++) cursor = cursor.next as { next: unknown };
    expect(cursor).toBe('bottom');
  });
});
