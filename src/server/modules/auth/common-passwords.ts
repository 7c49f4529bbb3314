import { COMMON_PASSWORDS_TEXT } from './common-passwords-list';

export const COMMON_PASSWORD =
  'This password is one of the most common passwords and easy to guess. Please choose a different one.';

let commonPasswords: Set<string> | undefined;

/** True for the 10,000 most common passwords (of six or more characters), in any letter case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return commonPasswords.has(password.toLowerCase());
}
