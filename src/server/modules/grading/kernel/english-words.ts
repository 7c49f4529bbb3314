import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { mapInSlices } from '@/server/core/in-slices';

/**
 * The English words written in lower case (the English dictionary's 38,000 lower-case entries:
 * "will", "rose", "king", "miller"), for the redactor to tell a classmate's name from the word it is
 * (decision 070). Read once per process: a request that drafts loads them a slice at a time first
 * (`loadLowerCaseEnglishWords`); anything else reads them on first use.
 */
let words: ReadonlySet<string> | null = null;
let loading: Promise<void> | null = null;

export function isLowerCaseEnglishWord(word: string): boolean {
  words ??= wordsOf(readFileSync(dictionaryPath(), 'utf8').split('\n'));
  return words.has(word);
}

/** Reads the words without holding other requests up (about 90 ms of work on a cold process). */
export function loadLowerCaseEnglishWords(): Promise<void> {
  loading ??= (async () => {
    if (words) return;
    const lines = (await readFile(dictionaryPath(), 'utf8')).split('\n');
    const found = new Set<string>();
    await mapInSlices(lines, (line) => addWord(found, line));
    words ??= found;
  })();
  return loading;
}

function dictionaryPath(): string {
  return join(dirname(createRequire(import.meta.url).resolve('dictionary-en')), 'index.dic');
}

function wordsOf(lines: readonly string[]): ReadonlySet<string> {
  const found = new Set<string>();
  for (const line of lines) addWord(found, line);
  return found;
}

// Each line is "word/FLAGS" or "word" (the first line, the entry count, is no word).
function addWord(found: Set<string>, line: string): void {
  const word = line.split('/', 1)[0]!.trim();
  if (word && /^[a-z]+$/.test(word)) found.add(word);
}
