/**
 * Students of an assignment graded anonymously in Canvas (decision 067). Canvas gives them no user
 * id, only an `anonymous_id` (5 letters and digits); Margin keys each by a negative number made from
 * it, so everything that keys students by number (drafts, saves, the screen) keeps working, and a
 * key says by its sign which Canvas endpoint it reaches: `submissions/:user_id` or
 * `anonymous_submissions/:anonymous_id`.
 */

const DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BASE = DIGITS.length + 1;
/** Up to 5 characters: 63^5 stays within a 32-bit integer. */
const MAX_LENGTH = 5;

export const ANONYMOUS_ID_PATTERN = /^[0-9A-Za-z]{1,5}$/;

/** The student key of an anonymous id: a negative integer, one per id; null for an id Margin cannot key. */
export function anonymousStudentKey(anonymousId: string): number | null {
  if (!ANONYMOUS_ID_PATTERN.test(anonymousId)) return null;
  let value = 0;
  for (const character of anonymousId) value = value * BASE + DIGITS.indexOf(character) + 1;
  return -value;
}

/** The anonymous id a negative student key stands for; null for a Canvas user id. */
export function anonymousIdOfKey(key: number): string | null {
  if (!Number.isInteger(key) || key >= 0) return null;
  let value = -key;
  let anonymousId = '';
  while (value > 0) {
    const digit = value % BASE;
    if (digit === 0) return null;
    anonymousId = DIGITS[digit - 1] + anonymousId;
    value = (value - digit) / BASE;
  }
  return anonymousId.length <= MAX_LENGTH ? anonymousId : null;
}

export function isAnonymousStudentKey(key: number): boolean {
  return anonymousIdOfKey(key) !== null;
}

/** "Student 3": how an anonymous student is named everywhere in Margin, numbered in anonymous-id order. */
export function anonymousStudentLabel(position: number): string {
  return `Student ${position}`;
}

/** Each anonymous id's label, "Student 1" to "Student N", in the stable order of the ids. */
export function anonymousLabels(anonymousIds: readonly string[]): Map<string, string> {
  const ordered = [...new Set(anonymousIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return new Map(ordered.map((anonymousId, index) => [anonymousId, anonymousStudentLabel(index + 1)]));
}

/**
 * Why Margin does not draft or save a discussion or a quiz graded anonymously (decision 067): their
 * posts and attempts carry user ids, Canvas does not say which anonymous submission holds them, and
 * their saves go by user id.
 */
export const ANONYMOUS_TOPIC_REFUSAL =
  'This is graded anonymously in Canvas. Margin shows it without names but cannot tell which anonymous submission holds this work, so it does not draft or save it: grade it in Canvas (SpeedGrader). Nothing was drafted or charged.';
