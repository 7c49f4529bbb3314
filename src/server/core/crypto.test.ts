import { describe, expect, it } from 'vitest';
import { decrypt, deriveKey, encrypt } from './crypto';

describe('crypto', () => {
  const key = deriveKey('a-test-secret-that-is-long-enough-for-us', 'canvas-token');

  it('round-trips and never stores the plaintext', () => {
    const sealed = encrypt(key, '7~secret-canvas-token');
    expect(sealed).not.toContain('secret');
    expect(decrypt(key, sealed)).toBe('7~secret-canvas-token');
  });

  it('rejects tampered ciphertext and another purpose key', () => {
    const sealed = encrypt(key, 'value');
    const parts = sealed.split('.');
    const tampered = [...parts.slice(0, 3), Buffer.from('other').toString('base64url')].join('.');
    expect(() => decrypt(key, tampered)).toThrow();
    expect(() => decrypt(deriveKey('a-test-secret-that-is-long-enough-for-us', 'drafts'), sealed)).toThrow();
  });
});
