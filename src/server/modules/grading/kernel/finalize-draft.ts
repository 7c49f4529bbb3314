import type { GradingDraft, QuotedPoint, RubricAssessmentItem, RubricCriterion } from '@/shared/schemas/ai';
import type { RawGradingDraft, RawQuotedPoint, RawRubricAssessmentItem } from './drafter-port';

/** Spec §7: the feedback text when none came back. */
export const EMPTY_FEEDBACK_TEXT = 'AI feedback could not be generated. Please try again.';
import { clampGrade, effectivePointsPossible } from '@/shared/grading-rules';
import { countsTowardTotal, rubricPointsPossible } from '@/shared/rubric-shapes';

/** The grade rules live in one place for client and server (src/shared/grading-rules.ts). */
export { GRADE_STEP, clampGrade, effectivePointsPossible, roundToStep } from '@/shared/grading-rules';
export { DEFAULT_POINTS as DEFAULT_POINTS_POSSIBLE } from '@/shared/grading-rules';

export type FinalizeContext = {
  /** The student's work as the teacher sees it (not redacted): quotes are checked against it. */
  submissionText: string;
  pointsPossible: number | null | undefined;
  rubric: RubricCriterion[] | null;
  /** True when the teacher asked to grade with the rubric. */
  useRubric: boolean;
  /** Puts student names back (from redactStudentIdentity); identity when nothing was redacted. */
  restore?: (value: string) => string;
  /** The assignment's name and prompt: words quoted from them are not the student's and need no check. */
  promptText?: string;
};

const SINGLE_QUOTES = /[\u2018\u2019\u201A\u201B\u2032\u0060\u00B4]/;
const DOUBLE_QUOTES = /[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/;

function normalizeCharacter(character: string): string {
  if (SINGLE_QUOTES.test(character)) return "'";
  if (DOUBLE_QUOTES.test(character)) return '"';
  return character.toLowerCase();
}

/**
 * The comparison form for quotes: case, whitespace and curly-versus-straight quotes only.
 * Nothing else is forgiven, so a verified quote really is the student's words.
 */
export function normalizeForQuoteMatch(value: string): string {
  return buildQuoteIndex(value).normalized;
}

/** The submission in comparison form, with each position mapped back to the original text. */
export type QuoteIndex = { original: string; normalized: string; positions: number[] };

export function buildQuoteIndex(text: string): QuoteIndex {
  // Pieces joined once at the end: asking a growing string whether it ends in a space flattens it
  // each time, which made this quadratic in the length of the work.
  const pieces: string[] = [];
  const positions: number[] = [];
  let endsWithSpace = false;
  let index = 0;
  for (const character of text) {
    if (/\s/.test(character)) {
      if (pieces.length > 0 && !endsWithSpace) {
        pieces.push(' ');
        positions.push(index);
        endsWithSpace = true;
      }
    } else {
      for (const piece of normalizeCharacter(character)) {
        pieces.push(piece);
        positions.push(index);
        endsWithSpace = piece === ' ';
      }
    }
    index += character.length;
  }
  if (endsWithSpace) {
    pieces.pop();
    positions.pop();
  }
  return { original: text, normalized: pieces.join(''), positions };
}

const MIN_QUOTE_LENGTH = 4;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function findOnWordBoundaries(needle: string, haystack: string): number {
  let index = haystack.indexOf(needle);
  while (index !== -1) {
    const before = haystack[index - 1] ?? ' ';
    const after = haystack[index + needle.length] ?? ' ';
    const startsInsideWord = WORD_CHARACTER.test(needle[0] ?? '') && WORD_CHARACTER.test(before);
    const endsInsideWord = WORD_CHARACTER.test(needle.at(-1) ?? '') && WORD_CHARACTER.test(after);
    if (!startsInsideWord && !endsInsideWord) return index;
    index = haystack.indexOf(needle, index + 1);
  }
  return -1;
}

/**
 * Finds the quote word for word in the submission and returns the submission's own text for it
 * (its case, spacing and quotation marks), or null when it is not there. Quotation marks the model
 * wrapped around the whole quote are not part of the student's words.
 */
export function verifyQuote(quote: string | null | undefined, submission: QuoteIndex | string): string | null {
  if (typeof quote !== 'string') return null;
  const index = typeof submission === 'string' ? buildQuoteIndex(submission) : submission;
  const trimmed = quote.trim();
  const unwrapped = trimmed.replace(/^["'\u2018\u2019\u201C\u201D]+|["'\u2018\u2019\u201C\u201D]+$/g, '').trim();
  for (const candidate of [trimmed, unwrapped]) {
    const needle = normalizeForQuoteMatch(candidate);
    if (needle.replace(/[^\p{L}\p{N}]/gu, '').length < MIN_QUOTE_LENGTH) continue;
    const found = findOnWordBoundaries(needle, index.normalized);
    if (found === -1) continue;
    const start = index.positions[found] ?? 0;
    const lastPosition = index.positions[found + needle.length - 1] ?? start;
    const lastCharacter = String.fromCodePoint(index.original.codePointAt(lastPosition) ?? 0);
    return index.original.slice(start, lastPosition + lastCharacter.length);
  }
  return null;
}

/** A verified quote as the student wrote it, with hard line breaks (from PDFs) read as spaces. */
function verifiedQuote(quote: string | null | undefined, submission: QuoteIndex): string | null {
  return verifyQuote(quote, submission)?.replace(/\s+/g, ' ') ?? null;
}

function checkPoint(
  point: RawQuotedPoint,
  submission: QuoteIndex,
  restore: (value: string) => string,
): QuotedPoint | null {
  const text = restore(point.text ?? '').trim();
  if (!text) return null;
  const quote = verifiedQuote(point.quote === null ? null : restore(point.quote), submission);
  return { text, quote, quoteVerified: quote !== null };
}

/** Between sentences; a parenthesised quote after a full stop stays with the sentence it belongs to. */
const SENTENCE_BREAK = /(?<=[.!?])\s+(?!\()/;
/** A quoted span in running text: straight or curly double quotes. */
const QUOTED_SPAN = /["\u201C]([^"\u201C\u201D\n]+)["\u201D]/g;
/** A quote of fewer words is a term ("however", a keyword), not a claim about what the student wrote. */
const MIN_CHECKED_QUOTE_WORDS = 4;
/** Labels of the prompt Margin builds around the work; never the student's words. */
const SCAFFOLDING =
  /\[CLASSMATE\]|---\s*File:|\bPost \d+:|\bParticipation: \d|context only, not the student's work|Submitted link:/i;

function wordCount(value: string): number {
  return value.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/**
 * Checks the quotes written inside running text (feedback, summary, a rubric comment) against the
 * student's own work: a quoted span of four words or more that is not the student's (nor the
 * prompt's) is removed together with its sentence, or just the parenthesis it sits in; a line
 * that repeats the prompt's scaffolding goes. What is removed leaves no empty brackets or
 * half sentences behind; classmates stay anonymous ("a classmate").
 */
export function checkQuotesInText(text: string, submission: QuoteIndex, prompt: QuoteIndex | null): string {
  const isAllowed = (quoted: string) =>
    wordCount(quoted) < MIN_CHECKED_QUOTE_WORDS ||
    (!SCAFFOLDING.test(quoted) &&
      (verifyQuote(quoted, submission) !== null || (prompt !== null && verifyQuote(quoted, prompt) !== null)));
  const lines = text.split('\n').map((line) => {
    if (SCAFFOLDING.test(line) && !/[\p{L}]{3,}/u.test(line.replace(SCAFFOLDING, ''))) return null;
    let result = line;
    // A dropped quote in parentheses takes only the parenthesis, and any "the quoted ..." sentence pointing at it.
    result = result.replace(/\s*\(["\u201C]([^"\u201C\u201D\n]+)["\u201D]\)/g, (whole, quoted: string) => {
      if (isAllowed(quoted)) return whole;
      return '\u0000';
    });
    if (result.includes('\u0000')) {
      result = result
        .split(SENTENCE_BREAK)
        .filter((sentence) => !/^The quoted\b/i.test(sentence.replace('\u0000', '').trim()))
        .join(' ')
        .replaceAll('\u0000', '');
    }
    // Any other quote that is not the student's takes its sentence with it.
    const sentences = result.split(SENTENCE_BREAK);
    const kept = sentences.filter((sentence) => {
      for (const match of sentence.matchAll(QUOTED_SPAN)) if (!isAllowed(match[1] ?? '')) return false;
      return !SCAFFOLDING.test(sentence.replace(/\[CLASSMATE\]/g, ''));
    });
    if (kept.length === 0 && sentences.some((sentence) => sentence.trim() !== '')) return null;
    return kept
      .join(' ')
      .replace(/\[CLASSMATE\]/g, 'a classmate')
      .replace(/[ \t]{2,}/g, ' ')
      .trimEnd();
  });
  return lines
    .filter((line): line is string => line !== null && !/^\s*(?:-|\d+\.)\s*$/.test(line))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export type RubricGrade = { items: RubricAssessmentItem[]; grade: number; note: string | null };

/**
 * Keeps one assessment per known criterion in rubric order, clamps each to its maximum and rounds
 * to 0.5. The grade is the sum; when the rubric's total differs from the points possible the sum
 * is scaled to the points possible (and `note` says so for the teacher).
 */
export function gradeFromRubric(
  items: RawRubricAssessmentItem[],
  rubric: RubricCriterion[],
  pointsPossible: number,
  submission: QuoteIndex | string,
  restore: (value: string) => string = (value) => value,
): RubricGrade {
  const index = typeof submission === 'string' ? buildQuoteIndex(submission) : submission;
  const byId = new Map<string, RawRubricAssessmentItem>();
  for (const item of items) if (!byId.has(item.criterionId)) byId.set(item.criterionId, item);

  const checked: RubricAssessmentItem[] = [];
  for (const criterion of rubric) {
    const item = byId.get(criterion.id);
    const maximum = Math.max(0, criterion.points);
    const points = item ? clampGrade(item.points, maximum) : 0;
    const quote = verifiedQuote(item?.quote ? restore(item.quote) : null, index);
    checked.push({
      criterionId: criterion.id,
      points,
      comment: item ? restore(item.comment ?? '').trim() : 'Not assessed in this draft. Please review this criterion.',
      quote,
      quoteVerified: quote !== null,
      ...(item?.sureness ? { sureness: item.sureness } : {}),
    });
  }
  // A criterion marked ignore_for_scoring is drafted and commented on, but not counted (as in Canvas).
  const sum = checked
    .filter((_, position) => countsTowardTotal(rubric[position] ?? {}))
    .reduce((total, item) => total + item.points, 0);
  const rubricTotal = rubricPointsPossible(rubric);
  if (rubricTotal <= 0 || Math.abs(rubricTotal - pointsPossible) < 0.001) {
    return { items: checked, grade: clampGrade(sum, pointsPossible), note: null };
  }
  const grade = clampGrade((sum / rubricTotal) * pointsPossible, pointsPossible);
  return {
    items: checked,
    grade,
    note: `The rubric totals ${formatPoints(rubricTotal)} points but the assignment is worth ${formatPoints(pointsPossible)}; the rubric score ${formatPoints(sum)}/${formatPoints(rubricTotal)} was scaled to ${formatPoints(grade)}/${formatPoints(pointsPossible)}.`,
  };
}

export function formatPoints(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
}

/**
 * A greeting by first name that could not be put back (a student known by no name, as on an
 * anonymous assignment) is left out rather than shown as a placeholder: "[STUDENT_FIRST_NAME], here
 * is…" reads "Here is…", "Thank you, [STUDENT_FIRST_NAME]." reads "Thank you."
 */
export function withoutUnrestoredName(text: string): string {
  return text
    .replace(
      /^(\s*)\[STUDENT_FIRST_NAME\],\s*(\p{L})/gmu,
      (_match, space: string, next: string) => `${space}${next.toUpperCase()}`,
    )
    .replace(/,\s*\[STUDENT_FIRST_NAME\](?=[.!?])/gu, '');
}

/**
 * Turns an engine's raw draft into the draft the teacher sees: names restored, grade in range and on
 * the 0.5 step (the rubric sum when the rubric grades), and every quote checked word for word
 * against the submission; a quote that is not there is dropped, never shown as the student's words.
 */
export function finalizeDraft(raw: RawGradingDraft, context: FinalizeContext): GradingDraft {
  const restore = context.restore ?? ((value: string) => value);
  const submission = buildQuoteIndex(context.submissionText);
  const prompt = context.promptText ? buildQuoteIndex(context.promptText) : null;
  const checkText = (value: string) => checkQuotesInText(value, submission, prompt);
  const pointsPossible = effectivePointsPossible(context.pointsPossible);

  const strengths = (raw.strengths ?? [])
    .map((point) => checkPoint(point, submission, restore))
    .filter((point) => point !== null);
  const areasForImprovement = (raw.areasForImprovement ?? [])
    .map((point) => checkPoint(point, submission, restore))
    .filter((point) => point !== null);

  let grade = clampGrade(raw.grade, pointsPossible);
  let gradeReview = restore(raw.gradeReview ?? '').trim();
  let rubricAssessment: RubricAssessmentItem[] | null = null;
  const hasRubric = context.useRubric && context.rubric !== null && context.rubric.length > 0;
  if (hasRubric && context.rubric && raw.rubricAssessment) {
    const rubricGrade = gradeFromRubric(raw.rubricAssessment, context.rubric, pointsPossible, submission, restore);
    rubricAssessment = rubricGrade.items.map((item) => ({ ...item, comment: checkText(item.comment) }));
    grade = rubricGrade.grade;
    if (rubricGrade.note) gradeReview = gradeReview ? `${gradeReview}\n\n${rubricGrade.note}` : rubricGrade.note;
  }

  const feedback = checkText(withoutUnrestoredName(restore(raw.feedback ?? '')).trim());
  return {
    grade,
    feedback: feedback || EMPTY_FEEDBACK_TEXT,
    strengths,
    areasForImprovement,
    summary: checkText(restore(raw.summary ?? '').trim()),
    gradeReview,
    rubricAssessment,
    examplesUsed: raw.examplesUsed ?? [],
    engine: raw.engine,
    filesUsed: raw.filesUsed,
    customInstructionsApplied: raw.customInstructionsApplied,
    ...(raw.basis ? { basis: raw.basis } : {}),
  };
}
