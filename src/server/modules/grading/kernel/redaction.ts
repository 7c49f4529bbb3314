/**
 * Replaces people's identities with placeholders before any text goes to an AI provider (DESIGN
 * principle 4), and puts the drafted student's back in the draft afterwards.
 *
 * One redactor is built per class (its roster): every name part of every member, normalised, in a
 * trie. A text is read once, token by token, and each token is looked up in the trie, so the cost
 * is linear in the text and does not grow with the class (issue 19: the regular expression with
 * every name of every student inside Unicode look-arounds stalled the server for minutes).
 *
 * What is redacted: every name form Canvas gives (display, sortable "Last, First"), first and last
 * names on their own and every other name part of 3 letters or more, and every e-mail address.
 * Matching ignores case and accents ("Zoe" is "Zoë"), takes apostrophes and hyphens inside names
 * ("O'Brien-Nuñez"), possessives ("Zoë's" keeps its "'s"), and any whitespace, hyphen or comma
 * between the parts of a full name; only whole words match ("Mariana" is not "Maria"). When two
 * names start at the same word, the longer wins ("Maria Lopez" before "Maria").
 *
 * A name that is also an English word is read as the word where the text shows it is one
 * (decision 070): a lone name part written in lower case that the dictionary has in lower case
 * ("will", "rose", "miller") stays, unless the same text also writes it with a capital inside a
 * sentence, as a name; and a lone name part that names a place with the word after it ("Miller
 * Creek", "Lincoln Park") stays. Full names, capitalised names and names that are no English word
 * ("maria" beside "MARIA's", "jin") are always replaced.
 */

import { mapInSlices } from '@/server/core/in-slices';
import { isLowerCaseEnglishWord } from './english-words';

export type StudentIdentity = {
  /** The name forms Canvas gives: display name, sortable name ("Last, First"), short name. */
  names: string[];
  emails: string[];
};

/** One person on the class roster (a student, or the teacher whose name appears in a discussion). */
export type RosterMember = StudentIdentity & { id: number };

export type Redaction = {
  text: string;
  /** Puts the original values back in place of the placeholders (any text, e.g. a draft field). */
  restore(value: string): string;
};

/** The drafted student's texts: their own names become placeholders that `restore` puts back. */
export type StudentRedaction = {
  redact(text: string): string;
  restore(value: string): string;
};

export type RosterRedactor = {
  /** A classmate's text (examples, calibration): every name on the roster is [CLASSMATE], every e-mail [EMAIL]. */
  redactClassmateText(text: string): string;
  /**
   * The drafted student's texts: their names and e-mails become [STUDENT_…] placeholders, everyone
   * else on the roster [CLASSMATE], any other e-mail [OTHER_EMAIL_n]. A student not on the roster
   * is added for these texts only.
   */
  forStudent(student: RosterMember): StudentRedaction;
};

export const PLACEHOLDERS = {
  name: '[STUDENT_NAME]',
  firstName: '[STUDENT_FIRST_NAME]',
  lastName: '[STUDENT_LAST_NAME]',
  email: '[STUDENT_EMAIL]',
} as const;
export const CLASSMATE_PLACEHOLDER = '[CLASSMATE]';
export const EMAIL_PLACEHOLDER = '[EMAIL]';

const MIN_NAME_PART_LENGTH = 3;
/** The longest full name, in words, the trie is walked for (a guard: names are a few words). */
const MAX_NAME_WORDS = 8;

type NameKind = 'full' | 'first' | 'last' | 'part';
/** One name form of one member: what it is, and what its placeholder puts back. */
type NameEntry = { member: number; kind: NameKind; placeholder: string; restoreTo: string };
type TrieNode = { children: Map<string, TrieNode>; entries: NameEntry[] | null };

// A word: letters, digits and combining marks, with apostrophes inside ("O'Brien", "Zoë's").
const WORD = /[\p{L}\p{N}\p{M}]+(?:['’ʼ‘][\p{L}\p{N}\p{M}]+)*/gu;
// What may stand between the words of one full name: spaces, line breaks, hyphens, a comma, a period.
const NAME_GAP = /^[\s,.\-‐‑–—]{1,12}$/u;
const POSSESSIVE = /['’ʼ‘][sS]$/;
const APOSTROPHES = /['’ʼ‘]/g;
const HAS_APOSTROPHE = /['’ʼ‘]/;
const MARKS = /\p{M}/gu;
const NON_ASCII = /[^ -~]/;
const IS_LETTER = /^\p{L}$/u;

/** The comparison form of a word: lower case, no accents, no apostrophes ("Zoë" and "ZOE" → "zoe"). */
export function normalizeNamePart(word: string): string {
  // Printable ASCII needs no decomposition (most words of most essays), and most words have no apostrophe.
  const plain = (NON_ASCII.test(word) ? word.normalize('NFKD').replace(MARKS, '') : word).toLowerCase();
  return HAS_APOSTROPHE.test(plain) ? plain.replace(APOSTROPHES, '') : plain;
}

function wordsOf(value: string): string[] {
  return value.match(WORD) ?? [];
}

function letterCount(value: string): number {
  let count = 0;
  for (const character of value) if (IS_LETTER.test(character)) count += 1;
  return count;
}

/** First and last name from one name form: "Last, First" is exact; otherwise the last word is the last name. */
function splitName(name: string): { first: string; last: string } | null {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  if (!trimmed) return null;
  if (trimmed.includes(',')) {
    const [last = '', ...rest] = trimmed.split(',');
    return { first: rest.join(',').trim(), last: last.trim() };
  }
  const parts = trimmed.split(' ');
  if (parts.length === 1) return { first: parts[0] ?? '', last: '' };
  return { first: parts.slice(0, -1).join(' '), last: parts.at(-1) ?? '' };
}

/** Every name form of one member, strongest first (a full name before a first name before a part). */
function nameEntriesOf(member: number, identity: StudentIdentity): { words: string[]; entry: NameEntry }[] {
  const result: { words: string[]; entry: NameEntry }[] = [];
  const seen = new Set<string>();
  // Each word is normalised once, however many name forms it is part of.
  const keys = new Map<string, string>();
  const keyOf = (word: string) => {
    let key = keys.get(word);
    if (key === undefined) {
      key = normalizeNamePart(word);
      keys.set(word, key);
    }
    return key;
  };
  const add = (words: readonly string[], kind: NameKind, placeholder: string, restoreTo: string) => {
    const wordKeys = words.map(keyOf).filter(Boolean);
    const key = wordKeys.join(' ');
    if (!key || seen.has(key) || wordKeys.length > MAX_NAME_WORDS) return;
    seen.add(key);
    result.push({ words: wordKeys, entry: { member, kind, placeholder, restoreTo } });
  };
  const names = identity.names.map((name) => name.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const displayName = names.find((name) => !name.includes(',')) ?? names[0] ?? '';
  const forms = names.map((name) => {
    const split = splitName(name);
    return {
      name,
      words: wordsOf(name),
      first: split?.first ? wordsOf(split.first) : [],
      last: split?.last ? wordsOf(split.last) : [],
      split,
    };
  });
  // The sortable form says exactly which words are the first name and which the last.
  const primary = forms.find((form) => form.name.includes(',')) ?? forms[0];

  for (const form of forms) {
    add(form.words, 'full', PLACEHOLDERS.name, displayName);
    if (form.first.length > 0 && form.last.length > 0) {
      add([...form.first, ...form.last], 'full', PLACEHOLDERS.name, displayName);
      add([...form.last, ...form.first], 'full', PLACEHOLDERS.name, displayName);
    }
  }
  if (primary?.split?.first && letterCount(primary.split.first) >= MIN_NAME_PART_LENGTH) {
    add(primary.first, 'first', PLACEHOLDERS.firstName, primary.split.first);
  }
  if (primary?.split?.last && letterCount(primary.split.last) >= MIN_NAME_PART_LENGTH) {
    add(primary.last, 'last', PLACEHOLDERS.lastName, primary.split.last);
  }
  // Every other word on its own: a second first name, a middle name, each half of a double name.
  let partNumber = 0;
  for (const form of forms) {
    for (const word of form.words) {
      if (seen.has(keyOf(word)) || letterCount(word) < MIN_NAME_PART_LENGTH) continue;
      partNumber += 1;
      add([word], 'part', `[STUDENT_NAME_PART_${partNumber}]`, word);
    }
  }
  return result;
}

function newNode(): TrieNode {
  return { children: new Map(), entries: null };
}

function insert(root: TrieNode, words: string[], entry: NameEntry): void {
  let node = root;
  for (const word of words) {
    let child = node.children.get(word);
    if (!child) {
      child = newNode();
      node.children.set(word, child);
    }
    node = child;
  }
  // A member's first form for this key wins; other members sharing it are kept beside it.
  if (!node.entries) node.entries = [entry];
  else if (!node.entries.some((existing) => existing.member === entry.member)) node.entries.push(entry);
}

// ---------------------------------------------------------------------------------------------
// E-mail addresses, found around each "@" (linear: each character is looked at a bounded number
// of times, however many "@" the text holds).
// ---------------------------------------------------------------------------------------------

const LOCAL_CHAR = /[\p{L}\p{N}._%+'-]/u;
const DOMAIN_CHAR = /[\p{L}\p{N}.-]/u;
// An e-mail's domain, loosely: enough to catch what people type, not RFC 5322.
const DOMAIN = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;

type Span = { start: number; end: number };

function findEmails(text: string): Span[] {
  const spans: Span[] = [];
  let from = 0;
  let lastEnd = 0;
  for (;;) {
    const at = text.indexOf('@', from);
    if (at < 0) break;
    from = at + 1;
    let start = at;
    while (start > lastEnd && LOCAL_CHAR.test(text[start - 1]!)) start -= 1;
    if (start === at) continue;
    let end = at + 1;
    while (end < text.length && DOMAIN_CHAR.test(text[end]!)) end += 1;
    const domain = DOMAIN.exec(text.slice(at + 1, end));
    if (!domain) continue;
    spans.push({ start, end: at + 1 + domain[0].length });
    lastEnd = at + 1 + domain[0].length;
    from = lastEnd;
  }
  return spans;
}

function normalizeEmail(value: string): string {
  return value.normalize('NFC').toLowerCase().trim();
}

// ---------------------------------------------------------------------------------------------
// The redactor
// ---------------------------------------------------------------------------------------------

type Replacement = Span & { value: string };
type EmailReplacer = (email: string) => string;
type NameReplacer = (entries: NameEntry[]) => string;

function buildTrie(members: readonly RosterMember[]): TrieNode {
  const root = newNode();
  members.forEach((member, index) => {
    for (const { words, entry } of nameEntriesOf(index, member)) insert(root, words, entry);
  });
  return root;
}

/** "Zoë's" or "ZOË’S": a word that may be a name with its possessive. */
function isPossessive(word: string): boolean {
  const last = word.charCodeAt(word.length - 1);
  return word.length > 2 && (last === 115 || last === 83) && POSSESSIVE.test(word);
}

/** A name found in a text: where, whose, and whether it is one word on its own. */
type NameMatch = Span & { entries: NameEntry[]; single: boolean };

// What a lone name followed by it names: a place, not a person ("Miller Creek", "Lincoln Park").
const PLACE_WORD =
  /^ (?:Creek|River|Lake|Pond|Bay|Island|Beach|Mountain|Hill|Valley|Canyon|Falls|Forest|Woods|Park|Street|Avenue|Road|Lane|Boulevard|Drive|Bridge|County|City|Township|School|Elementary|Middle|High|Academy|College|University|Library|Museum|Hospital|Station|Square|Hall|Center|Centre)\b/;
const HAS_CAPITAL = /\p{Lu}/u;
// A sentence starts after end punctuation, a line break or an opening quote (and at the text's start).
const SENTENCE_START = /(?:^|[.!?:;\n"“(]\s*|\n\s*)$/u;

/**
 * Which names found in a text are replaced: all but the lone name parts the text shows to be a
 * word (lower case, an English word, never written with a capital inside a sentence in this text)
 * or part of a place's name.
 */
function namesToReplace(text: string, found: NameMatch[]): NameMatch[] {
  const written = (name: NameMatch) => text.slice(name.start, name.end);
  const isPlace = (name: NameMatch) => name.single && PLACE_WORD.test(text.slice(name.end, name.end + 14));
  const people = found.filter((name) => !isPlace(name));
  // The words a text writes with a capital inside a sentence: there it uses them as names.
  const usedAsName = new Set<string>();
  for (const name of people) {
    const before = text.slice(Math.max(0, name.start - 3), name.start);
    if (HAS_CAPITAL.test(written(name)) && !SENTENCE_START.test(before) && name.start > 0)
      for (const word of wordsOf(written(name))) usedAsName.add(normalizeNamePart(word));
  }
  return people.filter((name) => {
    if (!name.single) return true;
    const word = written(name);
    if (HAS_CAPITAL.test(word)) return true;
    const key = normalizeNamePart(word);
    return usedAsName.has(key) || !isLowerCaseEnglishWord(key);
  });
}

/**
 * One pass over the text: e-mails first, then each word against the trie. Most words are no name
 * at all and cost one look-up; only a word that starts a name reads the words after it, to find the
 * longest name there.
 */
function redactText(text: string, root: TrieNode, replaceName: NameReplacer, replaceEmail: EmailReplacer): string {
  const emails = text.includes('@') ? findEmails(text) : [];
  const replacements: Replacement[] = emails.map((span) => ({
    ...span,
    value: replaceEmail(text.slice(span.start, span.end)),
  }));
  const inEmail = (position: number) => emails.some((span) => position >= span.start && position < span.end);

  const words = new RegExp(WORD.source, WORD.flags);
  const following = new RegExp(WORD.source, WORD.flags);
  let emailIndex = 0;
  const names: NameMatch[] = [];
  for (let match = words.exec(text); match; match = words.exec(text)) {
    const start = match.index;
    while (emailIndex < emails.length && emails[emailIndex]!.end <= start) emailIndex += 1;
    const email = emails[emailIndex];
    if (email && start >= email.start) {
      words.lastIndex = email.end;
      continue;
    }
    let word = match[0];
    let node: TrieNode | undefined = root;
    let best: { end: number; entries: NameEntry[] } | null = null;
    let wordEnd = start + word.length;
    for (let depth = 0; node && depth < MAX_NAME_WORDS; depth += 1) {
      const child: TrieNode | undefined = node.children.get(normalizeNamePart(word));
      // "Zoë's": the name without its possessive, which stays in the text.
      if (isPossessive(word)) {
        const stem = node.children.get(normalizeNamePart(word.slice(0, -2)));
        if (stem?.entries) best = { end: wordEnd - 2, entries: stem.entries };
      }
      if (child?.entries) best = { end: wordEnd, entries: child.entries };
      node = child;
      if (!node || node.children.size === 0) break;
      // A longer name may go on: the next word, if only a name's gap stands between.
      following.lastIndex = wordEnd;
      const next = following.exec(text);
      if (!next || !NAME_GAP.test(text.slice(wordEnd, next.index)) || inEmail(next.index)) break;
      word = next[0];
      wordEnd = next.index + word.length;
    }
    if (best) {
      names.push({ start, end: best.end, entries: best.entries, single: best.end <= start + match[0].length });
      words.lastIndex = best.end;
    }
  }
  for (const name of namesToReplace(text, names))
    replacements.push({ start: name.start, end: name.end, value: replaceName(name.entries) });
  if (replacements.length === 0) return text;
  replacements.sort((a, b) => a.start - b.start);
  const pieces: string[] = [];
  let position = 0;
  for (const replacement of replacements) {
    pieces.push(text.slice(position, replacement.start), replacement.value);
    position = replacement.end;
  }
  pieces.push(text.slice(position));
  return pieces.join('');
}

const RESTORABLE = /\[(STUDENT_(?:NAME|FIRST_NAME|LAST_NAME|EMAIL|NAME_PART_\d+)|OTHER_EMAIL_\d+)\]/gi;

function studentRedaction(root: TrieNode, member: number, identity: StudentIdentity): StudentRedaction {
  const restores = new Map<string, string>();
  // Every placeholder of the student's own is known before any text: a model may use one the work never needed.
  for (const { entry } of nameEntriesOf(member, identity)) {
    if (!restores.has(entry.placeholder)) restores.set(entry.placeholder, entry.restoreTo);
  }
  const ownEmails = new Set(identity.emails.map(normalizeEmail).filter(Boolean));
  const firstOwnEmail = identity.emails.find((email) => email.trim());
  if (firstOwnEmail) restores.set(PLACEHOLDERS.email, firstOwnEmail.trim());
  // Numbered per student, across all of the student's texts, so one address keeps one placeholder.
  const otherEmails = new Map<string, string>();

  const replaceName: NameReplacer = (entries) => {
    const own = entries.find((entry) => entry.member === member);
    return own ? own.placeholder : CLASSMATE_PLACEHOLDER;
  };
  const replaceEmail: EmailReplacer = (email) => {
    const key = normalizeEmail(email);
    if (ownEmails.has(key)) return PLACEHOLDERS.email;
    let placeholder = otherEmails.get(key);
    if (!placeholder) {
      placeholder = `[OTHER_EMAIL_${otherEmails.size + 1}]`;
      otherEmails.set(key, placeholder);
      restores.set(placeholder, email);
    }
    return placeholder;
  };
  return {
    redact: (text) => redactText(text, root, replaceName, replaceEmail),
    restore: (value) =>
      value.replace(RESTORABLE, (match: string, inner: string) => restores.get(`[${inner.toUpperCase()}]`) ?? match),
  };
}

/** The class's redactor: the roster's names in one trie, built once and used for every text of the class. */
export function createRosterRedactor(roster: readonly RosterMember[]): RosterRedactor {
  const members = mergeMembers(roster);
  return redactorOver(members, buildTrie(members));
}

/**
 * The same redactor, its trie built a slice at a time: a lecture's roster of a thousand takes a
 * tenth of a second or more, which other requests do not wait for.
 */
export async function createRosterRedactorInSlices(roster: readonly RosterMember[]): Promise<RosterRedactor> {
  const members = mergeMembers(roster);
  const root = newNode();
  await mapInSlices(members, (member, index) => {
    for (const { words, entry } of nameEntriesOf(index, member)) insert(root, words, entry);
  });
  return redactorOver(members, root);
}

function redactorOver(members: RosterMember[], root: TrieNode): RosterRedactor {
  const indexById = new Map(members.map((member, index) => [member.id, index]));
  const classmateName: NameReplacer = () => CLASSMATE_PLACEHOLDER;
  const anyEmail: EmailReplacer = () => EMAIL_PLACEHOLDER;
  return {
    redactClassmateText: (text) => redactText(text, root, classmateName, anyEmail),
    forStudent(student) {
      const index = indexById.get(student.id);
      const known = index === undefined ? undefined : members[index];
      if (known && index !== undefined && coversIdentity(known, student)) return studentRedaction(root, index, known);
      // Not on the roster (or under other names): this student's texts get a roster with them in it.
      const withStudent = mergeMembers([...members, student]);
      const own = withStudent.findIndex((member) => member.id === student.id);
      return studentRedaction(buildTrie(withStudent), own, withStudent[own]!);
    },
  };
}

/** One member per id, with every name and e-mail given for it. */
function mergeMembers(roster: readonly RosterMember[]): RosterMember[] {
  const byId = new Map<number, RosterMember>();
  for (const member of roster) {
    const known = byId.get(member.id);
    if (!known) byId.set(member.id, { id: member.id, names: [...member.names], emails: [...member.emails] });
    else {
      for (const name of member.names) if (!known.names.includes(name)) known.names.push(name);
      for (const email of member.emails) if (!known.emails.includes(email)) known.emails.push(email);
    }
  }
  return [...byId.values()];
}

function coversIdentity(known: StudentIdentity, identity: StudentIdentity): boolean {
  return (
    identity.names.every((name) => known.names.includes(name)) &&
    identity.emails.every((email) => known.emails.includes(email))
  );
}

/** One student's identity in one text, with nobody else on the roster. */
export function redactStudentIdentity(text: string, identity: StudentIdentity): Redaction {
  const redaction = createRosterRedactor([{ id: 0, ...identity }]).forStudent({ id: 0, ...identity });
  return { text: redaction.redact(text), restore: redaction.restore };
}

/** Every one of these names (a roster given as names alone) as [CLASSMATE], every e-mail as [EMAIL]. */
export function redactClassmates(text: string, classmateNames: readonly string[]): string {
  const roster = classmateNames.map((name, index) => ({ id: index, names: [name], emails: [] }));
  return createRosterRedactor(roster).redactClassmateText(text);
}
