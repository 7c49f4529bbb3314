import { mean, standardDeviation } from './agreement';
import type { Speller } from './english-speller';

/**
 * What the scale model measures in a piece of writing. Every feature is something the engine can
 * point to and explain to a teacher ("312 words", "4 of 100 words misspelled"), and each has a
 * numeric form the model fits (mostly logarithms or rates, so a few extra words in a long essay
 * count for less than in a short one).
 */
export const FEATURE_KEYS = [
  'length',
  'development',
  'organisation',
  'sourceUse',
  'evidence',
  'vocabulary',
  'sentenceVariety',
  'spelling',
  'conventions',
  'topicCoverage',
  'topicFocus',
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const FEATURE_NAMES: Record<FeatureKey, string> = {
  length: 'Length',
  development: 'Development',
  organisation: 'Organisation',
  sourceUse: 'Use of the prompt and source',
  evidence: 'Evidence',
  vocabulary: 'Vocabulary',
  sentenceVariety: 'Sentence variety',
  spelling: 'Spelling',
  conventions: 'Conventions',
  topicCoverage: 'Coverage of the topic',
  topicFocus: 'Focus on the topic',
};

/**
 * Features measured against the other submissions of the assignment rather than the work alone
 * (class-topic.ts): what the class writes about defines the topic, on any prompt.
 */
export const CLASS_FEATURE_KEYS = ['topicCoverage', 'topicFocus'] as const satisfies readonly FeatureKey[];
export type ClassFeatureKey = (typeof CLASS_FEATURE_KEYS)[number];

export type FeatureReading = {
  key: FeatureKey;
  /** Short, for the teacher: "Spelling". */
  name: string;
  /** What was measured, for the teacher: "6 of 212 words not in the dictionary". */
  value: string;
  /** The number the model uses. */
  score: number;
};

export type EssayFeatures = {
  wordCount: number;
  /**
   * The numeric forms, in FEATURE_KEYS order. The class features (CLASS_FEATURE_KEYS) are 0 until
   * the work is compared with its class (relateToClass).
   */
  vector: number[];
  readings: FeatureReading[];
  /** The different content words (stemmed), for the comparison with the class. */
  contentStems?: readonly string[];
  /**
   * Finer measures that only rubric criteria read (criteria-on-teachers-scale.ts): each says
   * something about one side of the work that its length does not. The scale model does not use
   * them, so the grade as a whole stays as it is.
   */
  profile?: Record<ProfileKey, number>;
};

/**
 * What the criterion profile measures, each on a scale where more is better:
 * - errorRate: words not in the dictionary, slips in capitals and end punctuation and contractions
 *   without their apostrophe ("dont"), per 100 words (negated);
 * - runOns: the share of very long sentences (over 40 words), negated;
 * - commas: commas per sentence (clauses joined with care);
 * - linkingRate: linking words and phrases per sentence;
 * - paragraphs: how many paragraphs;
 * - lengthVariety: how much sentence lengths vary, relative to their mean;
 * - sentenceStarts: the share of sentences that begin with a word no earlier sentence began with;
 * - sentenceLength: how close the average sentence is to a fluent 15–20 words;
 * - wordLength: letters per word;
 * - lexicalDiversity: different words per 50 running words (moving average, so length does not count);
 * - rareWords: the share of words of 9 letters or more;
 * - voiceMarks: questions, exclamations, dialogue and words to the reader, per 100 words;
 * - detail: numbers, names and quoted phrases per 100 words.
 */
export const PROFILE_KEYS = [
  'errorRate',
  'runOns',
  'commas',
  'linkingRate',
  'paragraphs',
  'lengthVariety',
  'sentenceStarts',
  'sentenceLength',
  'wordLength',
  'lexicalDiversity',
  'rareWords',
  'voiceMarks',
  'detail',
] as const;
export type ProfileKey = (typeof PROFILE_KEYS)[number];

/** What an assignment gives the measurements: its own words (prompt, reading, rubric). */
export type FeatureContext = {
  /** Stems of the content words of the assignment's description. */
  assignmentStems: Set<string>;
  /** Lower-case words of the description, accepted by the spelling check (names, terms). */
  assignmentWords: Set<string>;
  speller: Speller;
};

const WORD_PATTERN = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
// Anonymisation tags (@PERSON1) and Margin's own placeholders ([STUDENT_NAME]) are not words the
// student spelled.
const PLACEHOLDER_PATTERN = /@[A-Z]+\d*|\[[A-Z_]+\d*\]/g;

const FUNCTION_WORDS = new Set(
  `a about above after again against all also am an and any are as at be because been before being below between both but by can
  could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i
  if in into is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over
  own same she should so some such than that the their theirs them themselves then there these they this those through to too under
  until up very was we were what when where which while who whom why will with would you your yours yourself yourselves get got
  one thing things lot really even also may might must shall like well much many every`.split(/\s+/),
);

/** Words and phrases that link ideas; how many different ones a writer uses says something about organisation. */
const LINKING_WORDS = [
  'however',
  'therefore',
  'furthermore',
  'moreover',
  'in addition',
  'additionally',
  'consequently',
  'as a result',
  'for example',
  'for instance',
  'in contrast',
  'on the other hand',
  'similarly',
  'likewise',
  'nevertheless',
  'nonetheless',
  'meanwhile',
  'finally',
  'first',
  'firstly',
  'second',
  'secondly',
  'third',
  'lastly',
  'next',
  'in conclusion',
  'to conclude',
  'in summary',
  'overall',
  'ultimately',
  'although',
  'even though',
  'instead',
  'thus',
  'hence',
  'in fact',
  'specifically',
  'to begin with',
  'after that',
  'by contrast',
  'rather',
  'despite',
  'otherwise',
  'besides',
  'because',
  'since',
  'unless',
  'whereas',
  'also',
  'such as',
  'then',
  'afterwards',
  'eventually',
  'in the end',
  'to sum up',
  'all in all',
  'this shows',
  'this means',
  'which means',
  'so that',
];
const LINKING_PATTERN = new RegExp(
  `\\b(?:${LINKING_WORDS.map((phrase) => phrase.replace(/ /g, '\\s+')).join('|')})\\b`,
  'gi',
);
const EVIDENCE_PATTERN =
  /\b(?:for example|for instance|such as|according to|in the (?:text|story|article|memoir|excerpt|passage|book)|the (?:author|text|article|story|writer|excerpt|memoir|passage) (?:says|states|writes|explains|shows|mentions|describes))\b|["“][^"”]{8,}["”]|\(\s*(?:p{1,2}\.\s*)?\d+\s*\)/gi;

const BARE_CONTRACTION =
  /\b(?:dont|cant|wont|didnt|doesnt|isnt|wasnt|arent|werent|couldnt|shouldnt|wouldnt|hasnt|havent|hadnt|im|ive|youre|theyre|thats|whats|lets|its a|alot)\b/g;
const MATTR_WINDOW = 50;

/** Different words per window of running words, averaged over the windows (the whole text when shorter). */
function movingTypeTokenRatio(words: string[]): number {
  if (words.length === 0) return 0;
  if (words.length <= MATTR_WINDOW) return new Set(words).size / words.length;
  const counts = new Map<string, number>();
  for (const word of words.slice(0, MATTR_WINDOW)) counts.set(word, (counts.get(word) ?? 0) + 1);
  let total = counts.size;
  for (let end = MATTR_WINDOW; end < words.length; end += 1) {
    const leaving = words[end - MATTR_WINDOW]!;
    const left = counts.get(leaving)! - 1;
    if (left === 0) counts.delete(leaving);
    else counts.set(leaving, left);
    counts.set(words[end]!, (counts.get(words[end]!) ?? 0) + 1);
    total += counts.size;
  }
  return total / (words.length - MATTR_WINDOW + 1) / MATTR_WINDOW;
}

function tokenize(text: string): string[] {
  return text.toLowerCase().match(WORD_PATTERN) ?? [];
}

/** A light stemmer, so "obstacles" and "obstacle", "docking" and "docked" count as one word. */
export function stemWord(word: string): string {
  let result = word.replace(/['’]s$/, '');
  if (result.length > 5 && result.endsWith('ies')) return result.slice(0, -3) + 'y';
  if (result.length > 5 && result.endsWith('ing')) return result.slice(0, -3);
  if (result.length > 4 && result.endsWith('ed')) return result.slice(0, -2);
  if (result.length > 4 && result.endsWith('es') && /(?:ch|sh|ss|x)es$/.test(result)) return result.slice(0, -2);
  if (result.length > 3 && result.endsWith('s') && !/(?:ss|us|is)$/.test(result)) result = result.slice(0, -1);
  return result;
}

function isContentWord(word: string): boolean {
  return word.length >= 3 && !FUNCTION_WORDS.has(word) && !/^\d+$/.test(word);
}

/** The measurement context of an assignment, built once and reused for every submission. */
export function createFeatureContext(assignmentText: string, speller: Speller): FeatureContext {
  const words = tokenize(assignmentText.replace(PLACEHOLDER_PATTERN, ' '));
  return {
    assignmentStems: new Set(words.filter(isContentWord).map(stemWord)),
    assignmentWords: new Set(words),
    speller,
  };
}

function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])["'”’)\]]*\s+|\n\s*\n|\n(?=[A-Z])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence));
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const per100 = (count: number, words: number) => (words === 0 ? 0 : (100 * count) / words);

/**
 * Measures one piece of writing. Fast (no parsing beyond words and sentences): the model measures
 * every submission of an assignment, so that it can rank the class.
 */
export function extractEssayFeatures(text: string, context: FeatureContext): EssayFeatures {
  const cleaned = text.replace(PLACEHOLDER_PATTERN, (tag) => (tag.startsWith('@') ? 'Placeholder' : ' Placeholder '));
  const originalWords = cleaned.match(WORD_PATTERN) ?? [];
  const words = originalWords.map((word) => word.toLowerCase());
  const wordCount = words.length;
  const sentences = splitSentences(cleaned);
  const sentenceLengths = sentences.map((sentence) => tokenize(sentence).length).filter((length) => length > 0);

  // Development: how many different ideas words the writer brings in.
  const contentStems = new Set<string>();
  for (const word of words) if (isContentWord(word) && word !== 'placeholder') contentStems.add(stemWord(word));

  // Organisation: different linking words and phrases.
  const linking = new Set<string>();
  for (const match of cleaned.matchAll(LINKING_PATTERN)) linking.add(match[0].toLowerCase().replace(/\s+/g, ' '));

  // Use of the prompt and source: the assignment's own content words the writer works with.
  let sourceStems = 0;
  for (const stem of contentStems) if (context.assignmentStems.has(stem)) sourceStems += 1;

  const evidence = [...cleaned.matchAll(EVIDENCE_PATTERN)].length;

  // Vocabulary: share of longer words (7+ letters) among the writer's words.
  const longWords = words.filter((word) => word.length >= 7 && word !== 'placeholder').length;
  const longShare = wordCount === 0 ? 0 : longWords / wordCount;

  const sentenceSpread = standardDeviation(sentenceLengths);
  const averageSentence = mean(sentenceLengths);

  // Spelling: words in lower case (names and sentence starts are too often unknown proper nouns)
  // that are neither in the dictionary nor in the assignment's own text.
  let checked = 0;
  let misspelled = 0;
  const misspellings: string[] = [];
  for (const word of originalWords) {
    if (word === 'Placeholder' || /\d/.test(word) || word[0] !== word[0]?.toLowerCase()) continue;
    checked += 1;
    const lower = word.toLowerCase();
    if (context.assignmentWords.has(lower) || context.speller.isCorrect(word)) continue;
    misspelled += 1;
    if (misspellings.length < 3 && !misspellings.includes(lower)) misspellings.push(lower);
  }

  // Conventions: sentences that start in lower case, "i" for "I", missing end punctuation.
  let conventionSlips = 0;
  for (const sentence of sentences) if (/^[a-z]/.test(sentence)) conventionSlips += 1;
  conventionSlips += (cleaned.match(/(?:^|[\s(])i(?=[\s,.;:!?']|$)/g) ?? []).length;
  const lastCharacter = cleaned.trim().slice(-1);
  if (wordCount >= 20 && !/[.!?"'”’)]/.test(lastCharacter)) conventionSlips += 1;

  const sentenceCount = Math.max(1, sentenceLengths.length);
  const bareContractions = (cleaned.toLowerCase().match(BARE_CONTRACTION) ?? []).length;
  const starts = new Set<string>();
  let newStarts = 0;
  for (const sentence of sentences) {
    const first = tokenize(sentence)[0];
    if (first === undefined) continue;
    if (!starts.has(first)) newStarts += 1;
    starts.add(first);
  }
  let linkingUses = 0;
  for (const _ of cleaned.matchAll(LINKING_PATTERN)) linkingUses += 1;
  const plainWords = words.filter((word) => word !== 'placeholder');
  const letters = plainWords.reduce((total, word) => total + word.length, 0);
  const paragraphs = text.split(/\n\s*\n|\n(?=\s*[A-Z"“])/).filter((part) => /[\p{L}]/u.test(part)).length;
  const voiceMarks =
    (cleaned.match(/[!?]/g) ?? []).length +
    (cleaned.match(/["“][^"”]{1,200}["”]/g) ?? []).length +
    words.filter((word) => word === 'you' || word === 'your').length;
  const detail =
    (cleaned.match(/\b\d[\d,.]*\b/g) ?? []).length +
    (cleaned.match(/(?<=[a-z,;]\s+)[A-Z][a-z]+/g) ?? []).length +
    (cleaned.match(/["“][^"”]{3,200}["”]/g) ?? []).length;
  const profile: Record<ProfileKey, number> = {
    errorRate: -Math.log1p(per100(misspelled + conventionSlips + bareContractions, Math.max(1, wordCount))),
    runOns: -sentenceLengths.filter((length) => length > 40).length / sentenceCount,
    commas: Math.log1p((cleaned.match(/,/g) ?? []).length / sentenceCount),
    linkingRate: Math.log1p(linkingUses / sentenceCount),
    paragraphs: Math.log1p(paragraphs),
    lengthVariety: averageSentence > 0 ? sentenceSpread / averageSentence : 0,
    sentenceStarts: sentences.length > 0 ? newStarts / sentences.length : 0,
    sentenceLength: averageSentence > 0 ? -Math.abs(Math.log(averageSentence / 17)) : -3,
    wordLength: plainWords.length > 0 ? letters / plainWords.length : 0,
    lexicalDiversity: movingTypeTokenRatio(plainWords),
    rareWords: plainWords.length > 0 ? plainWords.filter((word) => word.length >= 9).length / plainWords.length : 0,
    voiceMarks: Math.log1p(per100(voiceMarks, Math.max(1, wordCount))),
    detail: Math.log1p(per100(detail, Math.max(1, wordCount))),
  };

  const readings: FeatureReading[] = [
    { key: 'length', name: FEATURE_NAMES.length, value: plural(wordCount, 'word'), score: Math.log1p(wordCount) },
    {
      key: 'development',
      name: FEATURE_NAMES.development,
      value: `${plural(contentStems.size, 'different content word')} in ${plural(sentences.length, 'sentence')}`,
      score: Math.log1p(contentStems.size),
    },
    {
      key: 'organisation',
      name: FEATURE_NAMES.organisation,
      value: `${plural(linking.size, 'different linking word')}${linking.size > 0 ? ` (${[...linking].slice(0, 3).join(', ')})` : ''}`,
      score: Math.log1p(linking.size),
    },
    {
      key: 'sourceUse',
      name: FEATURE_NAMES.sourceUse,
      value: `${plural(sourceStems, 'content word')} taken up from the assignment and its reading`,
      score: Math.log1p(sourceStems),
    },
    {
      key: 'evidence',
      name: FEATURE_NAMES.evidence,
      value: `${plural(evidence, 'example, quotation or reference', 'examples, quotations or references')}`,
      score: Math.log1p(evidence),
    },
    {
      key: 'vocabulary',
      name: FEATURE_NAMES.vocabulary,
      value: `${Math.round(longShare * 100)}% of words have 7 letters or more`,
      score: longShare,
    },
    {
      key: 'sentenceVariety',
      name: FEATURE_NAMES.sentenceVariety,
      value: `sentences of ${averageSentence.toFixed(0)} words on average, varying by ${sentenceSpread.toFixed(0)}`,
      score: Math.log1p(sentenceSpread),
    },
    {
      key: 'spelling',
      name: FEATURE_NAMES.spelling,
      value: `${misspelled} of ${plural(checked, 'word')} not in the dictionary${misspellings.length ? ` (${misspellings.join(', ')})` : ''}`,
      score: -Math.log1p(per100(misspelled, checked)),
    },
    {
      key: 'conventions',
      name: FEATURE_NAMES.conventions,
      value: `${plural(conventionSlips, 'slip')} in capitals or end punctuation`,
      score: -Math.log1p(per100(conventionSlips, wordCount)),
    },
    { key: 'topicCoverage', name: FEATURE_NAMES.topicCoverage, value: 'not yet compared with the class', score: 0 },
    { key: 'topicFocus', name: FEATURE_NAMES.topicFocus, value: 'not yet compared with the class', score: 0 },
  ];
  return {
    wordCount,
    vector: readings.map((reading) => reading.score),
    readings,
    contentStems: [...contentStems],
    profile,
  };
}
