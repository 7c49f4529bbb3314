import type { GradingExample } from './drafter-port';

/**
 * How long a draft's feedback to the student should be: about 80-150 words, or the length the
 * teacher writes herself on this assignment. Both engines follow it (the model is told the figure).
 */
export const DEFAULT_WORD_BUDGET = 150;
const MIN_BUDGET = 50;
const MAX_BUDGET = 260;

/**
 * The most words the feedback should take: the length the teacher writes herself when she has
 * commented on at least two graded submissions of the assignment (the median, a little room
 * around it), else about 150.
 */
export function feedbackWordBudget(examples: readonly GradingExample[]): number {
  const lengths = examples
    .map((example) => countWords(example.comment))
    .filter((words) => words >= 5)
    .sort((a, b) => a - b);
  if (lengths.length < 2) return DEFAULT_WORD_BUDGET;
  const middle = lengths.length / 2;
  const median = lengths.length % 2 ? lengths[Math.floor(middle)]! : (lengths[middle - 1]! + lengths[middle]!) / 2;
  return Math.round(Math.min(MAX_BUDGET, Math.max(MIN_BUDGET, median * 1.2)));
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}
