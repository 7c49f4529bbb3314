import { countWords } from '../../kernel/feedback-length';

/**
 * How the offline draft speaks to the student: by her first name (a placeholder the draft pipeline
 * puts back after redaction), short, and not in one wording for the whole class. A class of 30
 * reading the same opening sentence with the name changed reads a template, not their teacher.
 */

/** The redaction placeholder of the drafted student's first name; restored after the draft. */
export const FIRST_NAME = '[STUDENT_FIRST_NAME]';

/** A stable choice among wordings, by the work itself: the same work always reads the same. */
export function chooseWording<T>(seed: string, wordings: readonly T[], salt = ''): T {
  let hash = 2166136261;
  const key = `${salt}|${seed}`;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return wordings[(hash >>> 0) % wordings.length]!;
}

const FORMATIVE_OPENINGS: readonly ((name: string) => string)[] = [
  (name) => `${name}, here is what works in this piece and where to take it next.`,
  (name) => `${name}, there is a lot to build on here.`,
  (name) => `Thank you, ${name}. A few notes on what is working and what to try next.`,
  (name) => `${name}, I read this with interest; here is what stands out.`,
  (name) => `${name}, some real strengths here, and a clear next step or two.`,
  (name) => `Nice work getting this done, ${name}. Here is my feedback.`,
];

const STRENGTH_LEADS = ['What is working:', 'What works well:', 'Strengths:', 'Keep doing this:'];
const STEP_LEADS = ['Next steps:', 'To improve:', 'What to work on next:', 'For your next draft:'];

const FORMATIVE_CLOSINGS = {
  excellent: [
    'Excellent work; the steps above are how to take it even further.',
    'This is strong writing: keep going.',
  ],
  close: ['You are close to excellent work.', 'A little more polish and this will be very convincing.'],
  growing: [
    'Pick one of these steps and apply it throughout your next draft.',
    'Start with the first step; it will make the biggest difference.',
    'Try one change at a time, and reread the piece after each.',
  ],
};

export function formativeOpening(seed: string): string {
  return chooseWording(seed, FORMATIVE_OPENINGS, 'opening')(FIRST_NAME);
}

export function strengthLead(seed: string): string {
  return chooseWording(seed, STRENGTH_LEADS, 'strengths');
}

export function stepLead(seed: string): string {
  return chooseWording(seed, STEP_LEADS, 'steps');
}

export function formativeClosing(seed: string, fraction: number): string {
  const wordings =
    fraction >= 0.9
      ? FORMATIVE_CLOSINGS.excellent
      : fraction >= 0.8
        ? FORMATIVE_CLOSINGS.close
        : FORMATIVE_CLOSINGS.growing;
  return chooseWording(seed, wordings, 'closing');
}

/**
 * Fits the feedback to the word budget: the optional lines (the closing, then the later points of
 * each list, then the section labels) are left out, highest rank first, until it fits; then lines
 * that have a shorter form (a point with a shorter quote) take it, last line first.
 */
export function fitToBudget(
  lines: readonly { text: string; optional?: number; short?: string }[],
  budget: number,
): string {
  const kept = lines.map((line) => ({ ...line }));
  const total = () => kept.reduce((sum, line) => sum + countWords(line.text), 0);
  const order = kept
    .map((line, index) => ({ index, rank: line.optional ?? 0 }))
    .filter((item) => item.rank > 0)
    .sort((a, b) => b.rank - a.rank || b.index - a.index);
  for (const { index } of order) {
    if (total() <= budget) break;
    kept[index] = { text: '' };
  }
  for (let index = kept.length - 1; index >= 0 && total() > budget; index -= 1) {
    const line = kept[index]!;
    if (line.short !== undefined) kept[index] = { text: line.short };
  }
  return kept
    .map((line) => line.text)
    .filter((text, index, all) => text !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A quote cut to its first words (still word for word), for feedback that stays short. */
export function shorterQuote(quote: string, maxWords = 18): string {
  const parts = quote.split(/(\s+)/);
  const words = parts.filter((part) => part && !/\s/.test(part)).length;
  if (words <= maxWords + 3) return quote;
  let count = 0;
  let end = parts.length;
  for (let index = 0; index < parts.length; index += 1) {
    if (parts[index] && !/\s/.test(parts[index]!)) count += 1;
    if (count > maxWords) {
      end = index;
      break;
    }
  }
  return parts
    .slice(0, end)
    .join('')
    .trim()
    .replace(/[,;:]$/, '');
}
