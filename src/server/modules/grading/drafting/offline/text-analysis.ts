import { isContentWord, keyTerms, stem, termCoverage, termsMatch, tokenize } from '@/server/core/key-terms';

/**
 * Measurable features of a piece of writing, each tied to the sentences it comes from, so the
 * offline engine can point at real evidence (every quote it makes is a slice of the text).
 */

// Words and terms live in src/server/core/key-terms.ts (shared with the offline AI-literacy tool).
export { isContentWord, keyTerms, stem, termCoverage, termsMatch, tokenize };

export type Sentence = {
  /** Exact slice of the text (trimmed), so it can be quoted word for word. */
  text: string;
  index: number;
  paragraph: number;
  wordCount: number;
};

export type Paragraph = { text: string; sentences: Sentence[]; wordCount: number };

export type EvidenceKind = 'example' | 'quotation' | 'number' | 'citation' | 'source';
export type MechanicsIssueKind =
  | 'lowercase sentence start'
  | 'lowercase "i"'
  | 'repeated word'
  | 'repeated punctuation'
  | 'informal abbreviation'
  | 'common misspelling'
  | 'very long sentence'
  | 'missing end punctuation'
  | 'missing apostrophe'
  | 'misspelled word';

export type TextAnalysis = {
  text: string;
  /** The heading line the work opens with, if any; not one of its paragraphs or sentences. */
  title: string | null;
  paragraphs: Paragraph[];
  sentences: Sentence[];
  words: string[];
  wordCount: number;
  /** Distinct words / words over a fixed window, so length does not inflate it. */
  vocabularyVariety: number;
  averageSentenceLength: number;
  /** Coefficient of variation of sentence lengths (0 = all the same length). */
  sentenceLengthVariation: number;
  transitions: { phrase: string; sentence: Sentence }[];
  evidence: { kind: EvidenceKind; match: string; sentence: Sentence }[];
  reasoning: { phrase: string; sentence: Sentence }[];
  thesis: Sentence | null;
  conclusion: Sentence | null;
  mechanicsIssues: { kind: MechanicsIssueKind; detail: string; sentence: Sentence }[];
  /** Text addressed to the grader or an AI ("ignore previous instructions", "give this 100"). */
  graderDirectedText: Sentence[];
};

// ---------------------------------------------------------------------------------------------
// Structure
// ---------------------------------------------------------------------------------------------

function splitParagraphs(text: string): string[] {
  const normalized = text.replace(/\r\n?/g, '\n');
  const blocks = normalized
    .split(/\n[ \t]*\n+/)
    .map((block) => block.trim())
    .filter(Boolean);
  // Text with single line breaks only (pasted, or extracted): each line is a paragraph, unless the
  // lines are short wrapped lines of one paragraph.
  if (blocks.length === 1) {
    const lines = (blocks[0] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const averageLine = lines.reduce((total, line) => total + line.length, 0) / Math.max(1, lines.length);
    if (lines.length > 1 && averageLine > 90) return lines;
  }
  return blocks;
}

// A sentence runs to . ! or ? (plus closing quotes/brackets) followed by whitespace or the end;
// punctuation inside a token ("3.5", "U.S.A", "?!") does not end it.
const SENTENCE_PATTERN = /(?:[^.!?]|[.!?]+(?![\s"'”’)\]]|$))+(?:[.!?]+["'”’)\]]*)?|[.!?]+["'”’)\]]*/g;
// Titles are always followed by a name; other abbreviations end a sentence unless lowercase follows.
const TITLE_END = /(?:^|[\s(])(?:mr|mrs|ms|dr|prof|st|fig|pp?|no|vol|ch)\.$/i;
const ABBREVIATION_END = /(?:^|[\s(])(?:e\.g|i\.e|vs|etc|al|approx|[a-z](?:\.[a-z])+)\.$/i;

const ABBREVIATION_TAIL = 40;

function tailOf(text: string, start: number, end: number): string {
  return end - start > ABBREVIATION_TAIL ? `#${text.slice(end - ABBREVIATION_TAIL, end)}` : text.slice(start, end);
}

/** Sentences as exact slices of the paragraph (so a quote of one is word for word). */
function splitSentences(paragraph: string): string[] {
  const ranges: { start: number; end: number }[] = [];
  for (const match of paragraph.matchAll(SENTENCE_PATTERN)) {
    const raw = match[0];
    if (!raw.trim()) continue;
    const start = match.index + (raw.length - raw.trimStart().length);
    const end = match.index + raw.trimEnd().length;
    const previous = ranges.at(-1);
    // Only the end of the previous sentence decides (an abbreviation is short): testing the whole of
    // a sentence that keeps growing by merges would make splitting quadratic. The '#' stands for
    // the character before the tail, which is never the space or bracket an abbreviation follows.
    const previousText = previous ? tailOf(paragraph, previous.start, previous.end) : '';
    const continues =
      TITLE_END.test(previousText) || (ABBREVIATION_END.test(previousText) && /^[\p{Ll}\d(]/u.test(raw.trimStart()));
    if (previous && continues) previous.end = end;
    else ranges.push({ start, end });
  }
  return ranges.map((range) => paragraph.slice(range.start, range.end));
}

// ---------------------------------------------------------------------------------------------
// Markers
// ---------------------------------------------------------------------------------------------

export const TRANSITIONS = [
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
  'while',
  'instead',
  'thus',
  'hence',
  'because of this',
  'as well as',
  'in fact',
  'specifically',
  'equally important',
  'to begin with',
  'after that',
  'by contrast',
  'rather',
  'despite',
  'otherwise',
  'besides',
];

const REASONING_PHRASES = [
  'because',
  'therefore',
  'this shows',
  'this means',
  'this suggests',
  'this demonstrates',
  'this proves',
  'which means',
  'as a result',
  'so that',
  'since',
  'thus',
  'consequently',
  'in other words',
  'this is important',
  'this matters',
  'the reason',
  'leads to',
  'led to',
  'caused',
  'causes',
  'explains why',
  'shows that',
  'suggests that',
  'indicates',
  'implies',
  'if ',
  'unless',
  'which is why',
  'due to',
  'it follows',
];

const EXAMPLE_MARKERS = [
  'for example',
  'for instance',
  'such as',
  'e.g.',
  'to illustrate',
  'an example',
  'one example',
  'case of',
  'including',
];
const SOURCE_MARKERS = [
  'according to',
  'research',
  'a study',
  'studies',
  'survey',
  'data',
  'report',
  'reported',
  'experts',
  'scientists',
  'historians',
  'the author',
  'the article',
  'the text states',
  'the book',
];
const CONCLUSION_MARKERS =
  /^(?:(?:so|and|but|thus|therefore|overall),?\s+)?(in conclusion|to conclude|in closing|in summary|to sum (?:it )?up|overall|ultimately|in the end|all in all|finally|to summari[sz]e|for these reasons|in short|that is why|this is why)\b/i;
/** Phrases that conclude wherever they stand in the sentence ("So, in conclusion, ..."). */
const CONCLUDING_PHRASE =
  /\b(?:in conclusion|to conclude|in closing|in summary|to sum (?:it )?up|all in all|to summari[sz]e)\b/i;
const THESIS_MARKERS =
  /\b(i (?:will )?(?:argue|believe|think|contend|claim|propose)|this (?:essay|paper|report) (?:will|argues|shows|explores|examines)|should|must|ought to|need to|is (?:the )?(?:best|most|more|less|better|worse)|the main reason|because|three reasons|several reasons|is important|matters)\b/i;

const MISSPELLINGS = [
  'alot',
  'definately',
  'recieve',
  'seperate',
  'untill',
  'wich',
  'thier',
  'becuase',
  'beleive',
  'goverment',
  'enviroment',
  'occured',
  'arguement',
  'truely',
  'tommorow',
  'wierd',
  'could of',
  'should of',
  'would of',
  'noone',
  'alright',
  'begining',
  'beggining',
  'finaly',
  'realy',
  'intresting',
  'dissapoint',
  'neccessary',
  'occassion',
  'publically',
  'sucess',
  'succesful',
  'tounge',
  'wether',
];
const MISSING_APOSTROPHES = [
  'dont',
  'cant',
  'doesnt',
  'didnt',
  'isnt',
  'wasnt',
  'arent',
  'werent',
  'couldnt',
  'shouldnt',
  'wouldnt',
  'im',
  'ive',
  'youre',
  'theyre',
  'thats',
  'whats',
  'hes',
  'shes',
];
const INFORMAL = [
  'u',
  'ur',
  'gonna',
  'wanna',
  'gotta',
  'lol',
  'idk',
  'tho',
  'cuz',
  'bc',
  'thx',
  'pls',
  'omg',
  'kinda',
  'sorta',
  'dunno',
];

const GRADER_DIRECTED =
  /\b(ignore (?:all |any )?(?:the )?(?:previous|prior|above|earlier) (?:instructions|prompts?|rules)|(?:give|grade|mark|score) (?:me|this|this essay|this paper|it) (?:an? )?(?:100|a\+|full (?:marks|points|credit)|perfect)|you are (?:an? )?(?:ai|language model|chatgpt|grader)|system prompt|as an ai)\b/i;

const escapePhrase = (phrase: string) => phrase.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first phrase of the list (in list order) that the sentence contains as whole words. One
 * pattern for the whole list, tried at each word start without consuming it: at each place it
 * names the earliest listed phrase that starts there, and the earliest of those is the answer. One
 * pass per sentence whatever the length of the list, and one pattern to compile, not one per phrase
 * (a lecture's first draft compiled hundreds).
 */
function phraseFinder(phrases: string[]): (lowerSentence: string) => string | undefined {
  const order = new Map<string, number>();
  phrases.forEach((phrase, index) => {
    if (!order.has(phrase.trim())) order.set(phrase.trim(), index);
  });
  const starts = new RegExp(`(?<!\\p{L})(?=(${phrases.map(escapePhrase).join('|')})(?!\\p{L}))`, 'gu');
  return (lowerSentence) => {
    let earliest = Number.POSITIVE_INFINITY;
    for (const match of lowerSentence.matchAll(starts)) {
      earliest = Math.min(earliest, order.get(match[1]!) ?? Number.POSITIVE_INFINITY);
      if (earliest === 0) break;
    }
    return Number.isFinite(earliest) ? phrases[earliest] : undefined;
  };
}

const findTransition = phraseFinder(TRANSITIONS);
const findReasoning = phraseFinder(REASONING_PHRASES);
const findExample = phraseFinder(EXAMPLE_MARKERS);
const findSource = phraseFinder(SOURCE_MARKERS);
const findMisspelling = phraseFinder(MISSPELLINGS);

function coefficientOfVariation(values: number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((total, value) => total + value, 0) / values.length;
  if (mean === 0) return 0;
  const variance = values.reduce((total, value) => total + (value - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

/**
 * A heading line that opens the work ("Causes of the American Revolution"): a short first block of
 * one line with no sentence or clause punctuation at its end, followed by the body. It is not a
 * sentence of the essay: never its opening claim, its reasoning or a quote to build on.
 */
function isTitleBlock(block: string, blockCount: number): boolean {
  if (blockCount < 2 || block.includes('\n') || block.length > 100) return false;
  if (/[.!?,;:"'”’)\]]$/.test(block)) return false;
  const words = tokenize(block).length;
  return words >= 1 && words <= 12;
}

export function analyzeText(text: string): TextAnalysis {
  const blocks = splitParagraphs(text);
  // The title is left out of the structure (paragraphs, sentences); its words still count as text.
  const title = blocks.length > 0 && isTitleBlock(blocks[0]!, blocks.length) ? blocks[0]! : null;
  const paragraphTexts = title === null ? blocks : blocks.slice(1);
  const paragraphs: Paragraph[] = [];
  const sentences: Sentence[] = [];
  paragraphTexts.forEach((paragraphText, paragraphIndex) => {
    const paragraphSentences = splitSentences(paragraphText).map((sentenceText) => {
      const sentence: Sentence = {
        text: sentenceText,
        index: sentences.length,
        paragraph: paragraphIndex,
        wordCount: tokenize(sentenceText).length,
      };
      sentences.push(sentence);
      return sentence;
    });
    paragraphs.push({ text: paragraphText, sentences: paragraphSentences, wordCount: tokenize(paragraphText).length });
  });

  const words = tokenize(text);
  const window = words.slice(0, 150);
  const vocabularyVariety = window.length === 0 ? 0 : new Set(window).size / window.length;
  const lengths = sentences.map((sentence) => sentence.wordCount).filter((length) => length > 0);
  const averageSentenceLength =
    lengths.length === 0 ? 0 : lengths.reduce((total, value) => total + value, 0) / lengths.length;

  const transitions: TextAnalysis['transitions'] = [];
  const evidence: TextAnalysis['evidence'] = [];
  const reasoning: TextAnalysis['reasoning'] = [];
  const mechanicsIssues: TextAnalysis['mechanicsIssues'] = [];
  const graderDirectedText: Sentence[] = [];

  for (const sentence of sentences) {
    const lower = sentence.text.toLowerCase().replace(/’/g, "'");
    const transition = findTransition(lower);
    if (transition) transitions.push({ phrase: transition, sentence });
    const reason = findReasoning(lower);
    if (reason) reasoning.push({ phrase: reason.trim(), sentence });
    const example = findExample(lower);
    if (example) evidence.push({ kind: 'example', match: example, sentence });
    const quotation = sentence.text.match(/["“][^"”]{12,}["”]/);
    if (quotation) evidence.push({ kind: 'quotation', match: quotation[0], sentence });
    // Statistics and quantities, or a year; not clock times or list numbers.
    const number = sentence.text.match(
      /\b\d+(?:[.,]\d+)*\s*(?:%|percent\b|per cent\b|(?:million|billion|thousand|hundred|hours?|minutes?|years?|people|students|teenagers|adults|children|schools|districts|times|degrees|kg|km|miles|dollars|cases|deaths|participants)\b)|\b(?:1[5-9]|20)\d{2}\b(?!:)|[$€£]\s?\d/i,
    );
    if (number) evidence.push({ kind: 'number', match: number[0].trim(), sentence });
    const citation = sentence.text.match(
      /\((?:[A-Z][\p{L}.&\s-]+,?\s*)?(?:\d{4}|p{1,2}\.\s*\d+|n\.d\.)[^)]*\)|\[\d+\]/u,
    );
    if (citation) evidence.push({ kind: 'citation', match: citation[0], sentence });
    const source = findSource(lower);
    if (source) evidence.push({ kind: 'source', match: source, sentence });

    if (/^[a-z]/.test(sentence.text))
      mechanicsIssues.push({ kind: 'lowercase sentence start', detail: sentence.text.split(/\s+/)[0] ?? '', sentence });
    if (/(?:^|\s)i(?:\s|'m|'ve|'ll|'d|$)/.test(sentence.text.replace(/’/g, "'")))
      mechanicsIssues.push({ kind: 'lowercase "i"', detail: 'i', sentence });
    const repeated = sentence.text.match(/\b(\p{L}+)\s+\1\b/iu);
    if (repeated && !/^(had|that|very|really|bye|no|yes)$/i.test(repeated[1] ?? ''))
      mechanicsIssues.push({ kind: 'repeated word', detail: repeated[0], sentence });
    if (/[!?]{2,}|\.{4,}|,,/.test(sentence.text))
      mechanicsIssues.push({
        kind: 'repeated punctuation',
        detail: sentence.text.match(/[!?]{2,}|\.{4,}|,,/)?.[0] ?? '',
        sentence,
      });
    const sentenceWords = tokenize(sentence.text);
    const informal = sentenceWords.find((word) => INFORMAL.includes(word));
    if (informal) mechanicsIssues.push({ kind: 'informal abbreviation', detail: informal, sentence });
    const unmarked = sentenceWords.find((word) => MISSING_APOSTROPHES.includes(word));
    if (unmarked) mechanicsIssues.push({ kind: 'missing apostrophe', detail: unmarked, sentence });
    const misspelling = findMisspelling(lower);
    if (misspelling) mechanicsIssues.push({ kind: 'common misspelling', detail: misspelling, sentence });
    if (sentence.wordCount > 45)
      mechanicsIssues.push({ kind: 'very long sentence', detail: `${sentence.wordCount} words`, sentence });
    if (GRADER_DIRECTED.test(sentence.text)) graderDirectedText.push(sentence);
  }
  for (const paragraph of paragraphs) {
    const last = paragraph.sentences.at(-1);
    if (last && last.wordCount >= 6 && !/[.!?]["'”’)\]]*$/.test(last.text) && !/:$/.test(last.text)) {
      mechanicsIssues.push({
        kind: 'missing end punctuation',
        detail: last.text.split(/\s+/).slice(-3).join(' '),
        sentence: last,
      });
    }
  }

  return {
    text,
    title,
    paragraphs,
    sentences,
    words,
    wordCount: words.length,
    vocabularyVariety,
    averageSentenceLength,
    sentenceLengthVariation: coefficientOfVariation(lengths),
    transitions,
    evidence,
    reasoning,
    thesis: findThesis(paragraphs),
    conclusion: findConclusion(paragraphs),
    mechanicsIssues,
    graderDirectedText,
  };
}

/** A claim-like sentence of some length in the opening paragraph (its last sentence is typical). */
function findThesis(paragraphs: Paragraph[]): Sentence | null {
  const opening = paragraphs[0];
  if (!opening || (paragraphs.length < 2 && opening.wordCount < 120)) {
    // A single short block has no separate opening; still accept an explicit claim sentence.
    const first = opening?.sentences[0];
    return first && first.wordCount >= 10 && THESIS_MARKERS.test(first.text) ? first : null;
  }
  const candidates = [...opening.sentences]
    .reverse()
    .filter((sentence) => sentence.wordCount >= 10 && THESIS_MARKERS.test(sentence.text));
  return candidates[0] ?? null;
}

/**
 * The summing-up sentence at the end of the work: in the closing paragraph, or, when the work is
 * one block (pasted text, lost line breaks), among its last three sentences.
 */
function findConclusion(paragraphs: Paragraph[]): Sentence | null {
  const closing = paragraphs.at(-1);
  if (!closing) return null;
  const ending = paragraphs.length >= 2 ? closing.sentences : closing.sentences.slice(-3);
  const isMarked = (sentence: Sentence) =>
    CONCLUSION_MARKERS.test(sentence.text) || CONCLUDING_PHRASE.test(sentence.text);
  const marked = ending.find(isMarked);
  if (marked) return marked;
  if (paragraphs.length < 2) return null;
  // A closing paragraph that returns to the opening's ideas also concludes.
  const openingTerms = keyTerms(paragraphs[0]?.text ?? '', 8);
  const closingWords = tokenize(closing.text);
  const overlap = termCoverage(openingTerms, closingWords).found.length;
  if (openingTerms.length > 0 && overlap >= Math.min(3, openingTerms.length) && closing.wordCount >= 25) {
    return closing.sentences.find((sentence) => sentence.wordCount >= 8) ?? null;
  }
  return null;
}

/** Expectations the description states: length, paragraphs, evidence count. */
export type Requirements = {
  targetWords: number | null;
  minimumWords: number | null;
  paragraphs: number | null;
  evidenceCount: number | null;
  evidenceLabel: string | null;
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  a: 1,
  an: 1,
};

function toNumber(value: string | undefined): number | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (lower in NUMBER_WORDS) return NUMBER_WORDS[lower] ?? null;
  const parsed = Number.parseInt(lower.replace(/,/g, ''), 10);
  return Number.isFinite(parsed) ? parsed : null;
}

export function extractRequirements(description: string): Requirements {
  const text = description.toLowerCase().replace(/–|—/g, '-');
  let targetWords: number | null = null;
  let minimumWords: number | null = null;
  const range = text.match(/(\d[\d,]{1,5})\s*(?:-|to)\s*(\d[\d,]{1,5})\s*words?/);
  if (range) {
    const low = toNumber(range[1]);
    const high = toNumber(range[2]);
    if (low && high) {
      minimumWords = low;
      targetWords = Math.round((low + high) / 2);
    }
  }
  if (targetWords === null) {
    const minimum = text.match(/(?:at least|minimum(?: of)?|no (?:fewer|less) than|min\.?)\s*(\d[\d,]{1,5})\s*words?/);
    const plain = text.match(/(\d[\d,]{1,5})\s*(?:-| )?words?/);
    if (minimum) {
      minimumWords = toNumber(minimum[1]);
      targetWords = minimumWords;
    } else if (plain) targetWords = toNumber(plain[1]);
  }
  if (targetWords === null) {
    const pages = text.match(/(\d+|one|two|three|four|five)\s*(?:-|to)?\s*(?:\d+\s*)?(?:full )?pages?/);
    const count = toNumber(pages?.[1]);
    if (count) targetWords = count * 275;
  }
  const paragraphMatch = text.match(
    /(\d+|one|two|three|four|five|six|seven)\s*(?:-|to\s*\d+\s*)?(?:body\s+)?paragraphs?/,
  );
  const paragraphCount = toNumber(paragraphMatch?.[1]);
  const evidenceMatch = text.match(
    /(\d+|two|three|four|five|six)\s+(?:\w+\s+)?(sources|examples|pieces of evidence|quotes|quotations|citations|references|details)/,
  );
  return {
    targetWords,
    minimumWords,
    paragraphs: paragraphCount,
    evidenceCount: toNumber(evidenceMatch?.[1]),
    evidenceLabel: evidenceMatch?.[2] ?? null,
  };
}

/** Words a shortened quote may run past its limit, rather than stop just before the sentence ends ("...into a war for"). */
const QUOTE_TAIL_KEPT = 5;

/**
 * Keeps a quote short by taking its first words (a contiguous slice, still word for word). A
 * sentence only a few words over the limit is quoted whole.
 */
export function shortQuote(sentence: Sentence | null | undefined, maxWords = 30): string | null {
  if (!sentence) return null;
  const parts = sentence.text.split(/(\s+)/);
  const wordTotal = parts.filter((part) => part && !/\s/.test(part)).length;
  const limit = wordTotal <= maxWords + QUOTE_TAIL_KEPT ? wordTotal : maxWords;
  let count = 0;
  let end = parts.length;
  for (let index = 0; index < parts.length; index += 1) {
    if (!/\s/.test(parts[index] ?? '') && parts[index]) count += 1;
    if (count > limit) {
      end = index;
      break;
    }
  }
  const result = parts
    .slice(0, end)
    .join('')
    .trim()
    .replace(/[,;:]$/, '');
  return result || null;
}
