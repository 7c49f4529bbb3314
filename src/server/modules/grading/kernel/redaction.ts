/**
 * Replaces a student's identity with stable placeholders before any text goes to an AI provider
 * (DESIGN principle 4), and puts it back in the draft afterwards.
 *
 * Redacted: every given name form (full name, sortable "Last, First"), the first and last names on
 * their own and any other name part of 3 letters or more, the student's e-mail addresses, and any
 * other e-mail address. Matching is case-insensitive, on whole words (Unicode-aware, so "José" and
 * "Maria's" work), and tolerant of extra whitespace inside a full name.
 */

export type StudentIdentity = {
  /** The name forms Canvas gives: display name, sortable name ("Last, First"), short name. */
  names: string[];
  emails: string[];
};

export type Redaction = {
  text: string;
  /** Puts the original values back in place of the placeholders (any text, e.g. a draft field). */
  restore(value: string): string;
};

export const PLACEHOLDERS = {
  name: '[STUDENT_NAME]',
  firstName: '[STUDENT_FIRST_NAME]',
  lastName: '[STUDENT_LAST_NAME]',
  email: '[STUDENT_EMAIL]',
} as const;

const MIN_NAME_PART_LENGTH = 3;
// An e-mail address, loosely: enough to catch what people type, not RFC 5322.
const EMAIL_SOURCE = String.raw`[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}`;
const WORD_BEFORE = String.raw`(?<![\p{L}\p{N}_])`;
const WORD_AFTER = String.raw`(?![\p{L}\p{N}_])`;

type Candidate = { pattern: string; key: string; placeholder: string };

function normalizeKey(value: string): string {
  return value.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A name as a pattern where any run of whitespace matches any run of whitespace. */
function namePattern(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((part) => escapeRegExp(part))
    .join(String.raw`\s+`);
}

function splitName(name: string): { first: string; last: string; parts: string[] } | null {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (!trimmed) return null;
  if (trimmed.includes(',')) {
    const [last = '', ...rest] = trimmed.split(',');
    const first = rest.join(',').trim();
    return { first, last: last.trim(), parts: trimmed.split(/[\s,]+/).filter(Boolean) };
  }
  const parts = trimmed.split(' ');
  if (parts.length === 1) return { first: parts[0] ?? '', last: '', parts };
  return { first: parts.slice(0, -1).join(' '), last: parts.at(-1) ?? '', parts };
}

function letterCount(value: string): number {
  return (value.match(/\p{L}/gu) ?? []).length;
}

export function redactStudentIdentity(text: string, identity: StudentIdentity): Redaction {
  return createIdentityRedactor(identity)(text);
}

/**
 * The redaction of one identity, compiled once for many texts (a class's work, every excerpt sent
 * to a model).
 */
export function createIdentityRedactor(identity: StudentIdentity): (text: string) => Redaction {
  const knownRestores = new Map<string, string>();
  const candidates: Candidate[] = [];
  const seenKeys = new Set<string>();

  function add(value: string, placeholder: string, restoreTo: string) {
    const key = normalizeKey(value);
    if (!key || seenKeys.has(key)) return;
    seenKeys.add(key);
    candidates.push({ pattern: namePattern(value), key, placeholder });
    if (!knownRestores.has(placeholder)) knownRestores.set(placeholder, restoreTo);
  }

  const names = identity.names.map((name) => name.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const displayName = names.find((name) => !name.includes(',')) ?? names[0] ?? '';
  const splits = names.map(splitName).filter((split) => split !== null);
  // The display name decides what "first" and "last" restore to; the sortable form is more exact.
  const sortable = splits.find((_, index) => names[index]?.includes(','));
  const primary = sortable ?? splits[0];

  for (const name of names) {
    add(name, PLACEHOLDERS.name, displayName);
    const split = splitName(name);
    if (split && split.first && split.last) {
      add(`${split.first} ${split.last}`, PLACEHOLDERS.name, displayName);
      add(`${split.last}, ${split.first}`, PLACEHOLDERS.name, displayName);
    }
  }
  if (primary?.first && letterCount(primary.first) >= MIN_NAME_PART_LENGTH) {
    add(primary.first, PLACEHOLDERS.firstName, primary.first);
  }
  if (primary?.last && letterCount(primary.last) >= MIN_NAME_PART_LENGTH) {
    add(primary.last, PLACEHOLDERS.lastName, primary.last);
  }
  // Every other part on its own (a second first name, a middle name, each half of a double name).
  let partNumber = 0;
  for (const split of splits) {
    const pieces = split.parts.flatMap((part) => [part, ...part.split(/[-‐]/)]);
    for (const piece of pieces) {
      const clean = piece.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
      if (letterCount(clean) < MIN_NAME_PART_LENGTH || seenKeys.has(normalizeKey(clean))) continue;
      partNumber += 1;
      add(clean, `[STUDENT_NAME_PART_${partNumber}]`, clean);
    }
  }

  const emailKeys = new Map<string, string>();
  for (const email of identity.emails) {
    const key = normalizeKey(email);
    if (key) emailKeys.set(key, PLACEHOLDERS.email);
    if (key && !knownRestores.has(PLACEHOLDERS.email)) knownRestores.set(PLACEHOLDERS.email, email.trim());
  }

  // Longest first, so "Maria Lopez" wins over "Maria"; e-mails first so their name parts stay whole.
  candidates.sort((a, b) => b.key.length - a.key.length);
  const alternatives = [
    `(${EMAIL_SOURCE})`,
    ...candidates.map((candidate) => `(${WORD_BEFORE}${candidate.pattern}${WORD_AFTER})`),
  ];
  const pattern = new RegExp(alternatives.join('|'), 'giu');

  const restorePattern = /\[(STUDENT_(?:NAME|FIRST_NAME|LAST_NAME|EMAIL|NAME_PART_\d+)|OTHER_EMAIL_\d+)\]/gi;
  return (text: string): Redaction => {
    const restoreMap = new Map(knownRestores);
    const otherEmails = new Map<string, string>();
    const redacted = text.replace(pattern, (match: string, ...groups: unknown[]) => {
      if (groups[0] !== undefined) {
        const key = normalizeKey(match);
        const known = emailKeys.get(key);
        if (known) return known;
        let placeholder = otherEmails.get(key);
        if (!placeholder) {
          placeholder = `[OTHER_EMAIL_${otherEmails.size + 1}]`;
          otherEmails.set(key, placeholder);
          restoreMap.set(placeholder, match);
        }
        return placeholder;
      }
      const candidate = candidates.find((item) => item.key === normalizeKey(match));
      return candidate?.placeholder ?? match;
    });

    return {
      text: redacted,
      restore(value: string): string {
        return value.replace(restorePattern, (match: string, inner: string) => {
          return restoreMap.get(`[${inner.toUpperCase()}]`) ?? match;
        });
      },
    };
  };
}

const NAME_PLACEHOLDER = /\[STUDENT_(?:NAME|FIRST_NAME|LAST_NAME|NAME_PART_\d+)\]/g;
const EMAIL_PLACEHOLDER = /\[(?:STUDENT_EMAIL|OTHER_EMAIL_\d+)\]/g;

/**
 * Replaces every one of these people's names (classmates, the teacher: the whole roster) with
 * [CLASSMATE], and every e-mail address with [EMAIL], in one pass compiled once for many texts.
 * A student's work may quote and answer other people, and their names must not reach a model.
 */
export function createClassmateRedactor(names: readonly string[]): (text: string) => string {
  const clean = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  if (clean.length === 0) return (text) => text;
  const redact = createIdentityRedactor({ names: clean, emails: [] });
  return (text) => redact(text).text.replace(NAME_PLACEHOLDER, '[CLASSMATE]').replace(EMAIL_PLACEHOLDER, '[EMAIL]');
}

/** createClassmateRedactor for one text. */
export function redactClassmates(text: string, classmateNames: readonly string[]): string {
  if (!classmateNames.some((name) => name.trim())) return text;
  return createClassmateRedactor(classmateNames)(text);
}
