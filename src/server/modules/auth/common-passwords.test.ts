import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords-list';
import { isCommonPassword } from './common-passwords';

describe('common passwords', () => {
  it('ships 10,000 passwords of at least six characters', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n');
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((password) => password.length >= 6)).toBe(true);
  });

  it.each(['123456', 'password', 'Password', 'QWERTY', 'secret1', 'iloveyou', 'welcome1'])('refuses %s', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(['lesson-plans', 'correct horse', 'Margin grades essays', 'secret-ink'])('accepts %s', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});
