import { readFile } from 'node:fs/promises';
import { mapInSlices } from '@/server/core/in-slices';

/**
 * A spelling checker over a Hunspell dictionary (the `dictionary-en` package: SCOWL's en_US word
 * list, MIT and BSD licensed, 550 KB). It strips affixes at check time, as Hunspell itself does,
 * instead of expanding every word form at load time as `nspell` does: loading takes a few
 * milliseconds instead of about 400 ms of blocked event loop (measured; see
 * docs/decisions/020-draft-grades-learn-the-teachers-scale.md).
 *
 * It reads the subset of the Hunspell format that English dictionaries use: one-character flags,
 * prefix and suffix rules with conditions and cross products, ICONV, ONLYINCOMPOUND. Compound
 * rules (ordinal numbers such as "21st") are not needed: numbers are never spelling mistakes.
 */

type AffixRule = {
  flag: string;
  /** Characters the rule removed from the stem ("y" for "happy" -> "happiness"). */
  strip: string;
  /** Characters the rule adds to the word. */
  add: string;
  /** Test on the stem: its end for suffixes, its start for prefixes. */
  condition: RegExp | null;
  isCrossProduct: boolean;
};

export type Speller = {
  /** True when the word is spelled correctly (any case the dictionary allows). */
  isCorrect(word: string): boolean;
};

type ParsedAffixes = {
  prefixes: AffixRule[];
  suffixes: AffixRule[];
  onlyInCompound: string | null;
  inputConversions: [string, string][];
};

function parseAffixes(aff: string): ParsedAffixes {
  const prefixes: AffixRule[] = [];
  const suffixes: AffixRule[] = [];
  const crossProduct = new Map<string, boolean>();
  const inputConversions: [string, string][] = [];
  let onlyInCompound: string | null = null;
  for (const line of aff.split(/\r?\n/)) {
    const parts = line.trim().split(/\s+/);
    const [kind, flag, third, fourth, fifth] = parts;
    if (kind === 'ONLYINCOMPOUND' && flag) onlyInCompound = flag;
    if (kind === 'ICONV' && flag && third) inputConversions.push([flag, third]);
    if ((kind !== 'PFX' && kind !== 'SFX') || !flag || third === undefined) continue;
    // The header line of a rule group: "SFX S Y 4" (flag, cross product, rule count).
    if (fourth !== undefined && /^\d+$/.test(fourth) && (third === 'Y' || third === 'N') && fifth === undefined) {
      crossProduct.set(`${kind}${flag}`, third === 'Y');
      continue;
    }
    if (fourth === undefined) continue;
    const condition = fifth && fifth !== '.' ? new RegExp(kind === 'SFX' ? `${fifth}$` : `^${fifth}`, 'u') : null;
    const rule: AffixRule = {
      flag,
      strip: third === '0' ? '' : third,
      add: fourth === '0' ? '' : (fourth.split('/')[0] ?? ''),
      condition,
      isCrossProduct: crossProduct.get(`${kind}${flag}`) ?? false,
    };
    (kind === 'PFX' ? prefixes : suffixes).push(rule);
  }
  return { prefixes, suffixes, onlyInCompound, inputConversions };
}

function parseWords(dic: string): Map<string, string> {
  const words = new Map<string, string>();
  // The first line is the (approximate) word count; each other line is "word" or "word/FLAGS".
  let start = dic.indexOf('\n') + 1;
  while (start > 0 && start < dic.length) {
    let end = dic.indexOf('\n', start);
    if (end === -1) end = dic.length;
    const line = dic.slice(start, dic.charCodeAt(end - 1) === 13 ? end - 1 : end);
    start = end + 1;
    if (!line) continue;
    const slash = line.indexOf('/');
    if (slash === -1) {
      words.set(line, words.get(line) ?? '');
      continue;
    }
    const word = line.slice(0, slash);
    const space = line.indexOf(' ', slash);
    const flags = space === -1 ? line.slice(slash + 1) : line.slice(slash + 1, space);
    const known = words.get(word);
    words.set(word, known ? known + flags : flags);
  }
  return words;
}

/** Builds a speller from the text of a Hunspell .aff and .dic file. */
export function createSpeller(aff: string, dic: string): Speller {
  const affixes = parseAffixes(aff);
  const words = parseWords(dic);
  const suffixesByEnding = groupBy(affixes.suffixes, (rule) => rule.add.slice(-1));
  const prefixesByStart = groupBy(affixes.prefixes, (rule) => rule.add.slice(0, 1));
  const onlyInCompound = affixes.onlyInCompound;

  const hasWord = (stem: string, flag?: string): boolean => {
    const flags = words.get(stem);
    if (flags === undefined) return false;
    if (onlyInCompound && flags.includes(onlyInCompound)) return false;
    return flag === undefined || flags.includes(flag);
  };

  // A suffix rule whose stem carries the rule's flag (and, when given, the prefix's flag too).
  const matchesSuffix = (word: string, prefixFlag?: string): boolean => {
    for (const rule of suffixesByEnding.get(word.slice(-1)) ?? []) {
      if (!word.endsWith(rule.add) || word.length <= rule.add.length) continue;
      if (prefixFlag !== undefined && !rule.isCrossProduct) continue;
      const stem = word.slice(0, word.length - rule.add.length) + rule.strip;
      if (rule.condition && !rule.condition.test(stem)) continue;
      if (hasWord(stem, rule.flag) && (prefixFlag === undefined || hasWord(stem, prefixFlag))) return true;
    }
    return false;
  };

  const matchesForm = (word: string): boolean => {
    if (hasWord(word)) return true;
    if (matchesSuffix(word)) return true;
    for (const rule of prefixesByStart.get(word.slice(0, 1)) ?? []) {
      if (!word.startsWith(rule.add) || word.length <= rule.add.length) continue;
      const stem = rule.strip + word.slice(rule.add.length);
      if (rule.condition && !rule.condition.test(stem)) continue;
      if (hasWord(stem, rule.flag)) return true;
      if (rule.isCrossProduct && matchesSuffix(stem, rule.flag)) return true;
    }
    return false;
  };

  return {
    isCorrect(rawWord: string): boolean {
      let word = rawWord;
      for (const [from, to] of affixes.inputConversions) if (word.includes(from)) word = word.split(from).join(to);
      if (!word) return true;
      if (matchesForm(word)) return true;
      const lower = word.toLowerCase();
      const isCapitalized = word[0] !== lower[0] && word.slice(1) === lower.slice(1);
      const isUpperCase = word === word.toUpperCase() && word !== lower;
      if (isCapitalized || isUpperCase) {
        if (matchesForm(lower)) return true;
        if (isUpperCase && matchesForm(lower.charAt(0).toUpperCase() + lower.slice(1))) return true;
      }
      return false;
    },
  };
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const value = key(item);
    groups.set(value, [...(groups.get(value) ?? []), item]);
  }
  return groups;
}

let englishSpeller: Promise<Speller> | null = null;
let feedbackSpeller: Promise<Speller> | null = null;

/** The English speller, loaded once per process (the first call reads the dictionary). */
export function loadEnglishSpeller(): Promise<Speller> {
  englishSpeller ??= import('dictionary-en').then(({ default: dictionary }) => {
    const decoder = new TextDecoder('utf-8');
    return createSpeller(decoder.decode(dictionary.aff), decoder.decode(dictionary.dic));
  });
  return englishSpeller;
}

/**
 * The speller of what the student reads: the English speller with a larger list of English words
 * as a second opinion, so the words of a subject ("melatonin", "adenosine") are never named as slips.
 * The measure of spelling that places work on the teacher's scale keeps the English speller alone
 * (its weights were fitted with it). The list is read into a set a slice at a time: other requests
 * do not wait for its 274,000 words.
 */
export function loadFeedbackSpeller(): Promise<Speller> {
  feedbackSpeller ??= Promise.all([loadEnglishSpeller(), loadWordList()]).then(([english, wordList]) => ({
    isCorrect: (word: string) => english.isCorrect(word) || wordList.has(word.toLowerCase()),
  }));
  return feedbackSpeller;
}

async function loadWordList(): Promise<ReadonlySet<string>> {
  const { default: wordListPath } = await import('word-list');
  const words = new Set<string>();
  await mapInSlices((await readFile(wordListPath, 'utf8')).split('\n'), (word) => {
    if (word) words.add(word);
  });
  return words;
}
