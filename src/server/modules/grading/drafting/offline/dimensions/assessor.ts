import type { KindOfWork, LabSection } from '../kind-of-work';
import type { Requirements, Sentence, TextAnalysis } from '../text-analysis';

/**
 * The offline engine measures a piece of work on seven dimensions, one file each here, behind one
 * signature: what the work and the assignment are (the context, measured once), in; a score from 0
 * to 1 with the evidence for it, out.
 */
export const DIMENSIONS = [
  'relevance',
  'development',
  'organization',
  'evidence',
  'reasoning',
  'style',
  'mechanics',
] as const;
export type Dimension = (typeof DIMENSIONS)[number];

export type Topic = 'thesis' | 'conclusion' | 'transitions' | 'paragraphs';

export type Finding = {
  dimension: Dimension;
  /** Written to the student ("you"). */
  text: string;
  quote: string | null;
  weight: number;
  topic?: Topic;
  /** Other sentences that show the same thing, used when the first quote is already taken. */
  alternatives?: Sentence[];
};

export type DimensionResult = {
  score: number;
  /** One sentence for the student: what was seen in the work on this dimension ('' when nothing to say). */
  seen: string;
  /** One line for the teacher: what was measured. */
  facts: string;
  strengths: Finding[];
  improvements: Finding[];
};

/** What every dimension reads: the work analysed and the assignment's expectations, measured once. */
export type AssessmentContext = {
  assignmentName: string;
  analysis: TextAnalysis;
  requirements: Requirements;
  kind: KindOfWork;
  isEssay: boolean;
  labSections: LabSection[];
  missingSections: LabSection[];
  /** The assignment's key terms, and which of them the work uses. */
  allTerms: string[];
  coverage: { found: string[]; missing: string[] };
  sentences: Sentence[];
  /** Sentences of five words or more. */
  bodySentences: Sentence[];
  paragraphs: TextAnalysis['paragraphs'];
  wordCount: number;
  hasThesis: boolean;
  hasConclusion: boolean;
  thesisScore: number;
  conclusionScore: number;
};

export type Assessor = (context: AssessmentContext) => DimensionResult;

export const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

export const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export const quoted = (items: string[]) => items.map((item) => `“${item}”`);

export function bestSentence(sentences: Sentence[], score: (sentence: Sentence) => number): Sentence | null {
  let best: Sentence | null = null;
  let bestScore = -Infinity;
  for (const sentence of sentences) {
    const value = score(sentence);
    if (value > bestScore) {
      best = sentence;
      bestScore = value;
    }
  }
  return best;
}
