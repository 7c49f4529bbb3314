import { mapInSlices } from '@/server/core/in-slices';
import type { ClassWork } from '../../kernel/drafter-port';
import type { SpellChecker } from './grade-offline';

/**
 * The class's own vocabulary: a word that several students of the assignment use ("melatonin",
 * "circadian", a character's name in the novel) is a word of the subject, not a slip, even when the
 * dictionary does not know it. One student's misspelling is rarely shared by several others.
 */
const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;
const WORDS_KEPT = 2_000;
const wordsByText = new Map<string, readonly string[]>();

function wordsOf(text: string): readonly string[] {
  const known = wordsByText.get(text);
  if (known) return known;
  const words = [...new Set(Array.from(text.matchAll(WORD), (match) => match[0].toLowerCase().replace(/’/g, "'")))];
  wordsByText.set(text, words);
  if (wordsByText.size > WORDS_KEPT) wordsByText.delete(wordsByText.keys().next().value!);
  return words;
}

/** Words used by at least three other students of the class (two in a class under ten). */
export async function classVocabulary(classWork: readonly ClassWork[]): Promise<ReadonlySet<string>> {
  const texts = classWork.filter((work) => work.text.trim().length > 0);
  if (texts.length < 2) return new Set();
  const enough = texts.length < 10 ? 2 : 3;
  const counts = new Map<string, number>();
  await mapInSlices(texts, (work) => {
    for (const word of wordsOf(work.text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  });
  return new Set([...counts].filter(([, count]) => count >= enough).map(([word]) => word));
}

/** The speller, taking the class's own vocabulary as spelled right. */
export function withVocabulary(speller: SpellChecker, vocabulary: ReadonlySet<string>): SpellChecker {
  if (vocabulary.size === 0) return speller;
  return {
    isCorrect: (word) => vocabulary.has(word.toLowerCase().replace(/’/g, "'")) || speller.isCorrect(word),
  };
}
