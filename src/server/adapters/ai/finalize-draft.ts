import type { GradingDraft, QuotedPoint, RubricAssessmentItem, RubricCriterion } from '@/shared/schemas/ai';
import type { RawGradingDraft, RawQuotedPoint, RawRubricAssessmentItem } from './port';

/** Spec §7: the feedback text when none came back. */
export const EMPTY_FEEDBACK_TEXT = 'AI feedback could not be generated. Please try again.';
/** Spec §9: grades move in steps of 0.5. */
export const GRADE_STEP = 0.5;
/** Spec §5: the maximum when the assignment's points are unknown. */
export const DEFAULT_POINTS_POSSIBLE = 100;

export type FinalizeContext = {
  /** The student's work as the teacher sees it (not redacted): quotes are checked against it. */
  submissionText: string;
  pointsPossible: number | null | undefined;
  rubric: RubricCriterion[] | null;
  /** True when the teacher asked to grade with the rubric. */
  useRubric: boolean;
  /** Puts student names back (from redactStudentIdentity); identity when nothing was redacted. */
  restore?: (value: string) => string;
};

/** Rounds to the nearest 0.5. */
export function roundToStep(value: number, step = GRADE_STEP): number {
  return Math.round(value / step) * step;
}

/** The usable maximum: the assignment's points, or 100 when unknown or not positive. */
export function effectivePointsPossible(pointsPossible: number | null | undefined): number {
  return typeof pointsPossible === 'number' && Number.isFinite(pointsPossible) && pointsPossible > 0
    ? pointsPossible
    : DEFAULT_POINTS_POSSIBLE;
}

/** Clamps to 0..max and rounds to the 0.5 step (never above max, even if max is not on a step). */
export function clampGrade(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = roundToStep(Math.min(Math.max(value, 0), max));
  return Math.min(Math.max(rounded, 0), max);
}

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

function checkPoint(point: RawQuotedPoint, submission: QuoteIndex, restore: (value: string) => string): QuotedPoint | null {
  const text = restore(point.text ?? '').trim();
  if (!text) return null;
  const quote = verifyQuote(point.quote === null ? null : restore(point.quote), submission);
  return { text, quote, quoteVerified: quote !== null };
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
    const quote = verifyQuote(item?.quote ? restore(item.quote) : null, index);
    checked.push({
      criterionId: criterion.id,
      points,
      comment: item ? restore(item.comment ?? '').trim() : 'Not assessed in this draft. Please review this criterion.',
      quote,
      quoteVerified: quote !== null,
    });
  }
  const sum = checked.reduce((total, item) => total + item.points, 0);
  const rubricTotal = rubric.reduce((total, criterion) => total + Math.max(0, criterion.points), 0);
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
 * Turns an engine's raw draft into the draft the teacher sees: names restored, grade in range and on
 * the 0.5 step (the rubric sum when the rubric grades), and every quote checked word for word
 * against the submission; a quote that is not there is dropped, never shown as the student's words.
 */
export function finalizeDraft(raw: RawGradingDraft, context: FinalizeContext): GradingDraft {
  const restore = context.restore ?? ((value: string) => value);
  const submission = buildQuoteIndex(context.submissionText);
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
    rubricAssessment = rubricGrade.items;
    grade = rubricGrade.grade;
    if (rubricGrade.note) gradeReview = gradeReview ? `${gradeReview}\n\n${rubricGrade.note}` : rubricGrade.note;
  }

  const feedback = restore(raw.feedback ?? '').trim();
  return {
    grade,
    feedback: feedback || EMPTY_FEEDBACK_TEXT,
    strengths,
    areasForImprovement,
    summary: restore(raw.summary ?? '').trim(),
    gradeReview,
    rubricAssessment,
    examplesUsed: raw.examplesUsed ?? [],
    engine: raw.engine,
    filesUsed: raw.filesUsed,
    customInstructionsApplied: raw.customInstructionsApplied,
    ...(raw.basis ? { basis: raw.basis } : {}),
  };
}
