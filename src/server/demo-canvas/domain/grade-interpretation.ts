import type { DemoAssignment } from '../model';

/** Canvas's default grading scheme: letter and the lowest percentage that earns it. */
const DEFAULT_SCHEME: ReadonlyArray<readonly [string, number]> = [
  ['A', 94],
  ['A-', 90],
  ['B+', 87],
  ['B', 84],
  ['B-', 80],
  ['C+', 77],
  ['C', 74],
  ['C-', 70],
  ['D+', 67],
  ['D', 64],
  ['D-', 61],
  ['F', 0],
];

export type PostedGrade =
  | { kind: 'clear' }
  /** `score` is null when Canvas cannot read the grade; the submission is then left as it was. */
  | { kind: 'score'; score: number | null };

/** `Assignment#interpret_grade` / `grade_to_score` for `submission[posted_grade]`. */
export function interpretPostedGrade(assignment: DemoAssignment, posted: string): PostedGrade {
  const text = posted.trim();
  if (text === '') return { kind: 'clear' };
  const points = assignment.pointsPossible;
  let score: number | null = null;
  if (/^[+-]?\d*\.?\d+$/.test(text)) score = Number(text);
  else if (/^[+-]?\d*\.?\d+%$/.test(text)) score = (points * Number(text.slice(0, -1))) / 100;
  else if (/^(pass|complete)$/i.test(text)) score = points;
  else if (/^(fail|incomplete)$/i.test(text)) score = 0;
  else if (assignment.gradingType === 'letter_grade' || assignment.gradingType === 'gpa_scale') {
    const scheme = assignment.gradingScheme ?? DEFAULT_SCHEME;
    const index = scheme.findIndex(([letter]) => letter.toLowerCase() === text.toLowerCase());
    if (index === 0) score = points;
    else if (index > 0) score = (points * ((scheme[index - 1]?.[1] ?? 100) - 1)) / 100;
  }
  if (assignment.gradingType === 'not_graded') score = null;
  if (assignment.gradingType === 'pass_fail' && score !== null && score !== 0 && score !== points) score = null;
  return { kind: 'score', score: score === null ? null : roundTo(score, 2) };
}

/** `Assignment#score_to_grade`: the grade string Canvas stores next to a score. */
export function scoreToGrade(assignment: DemoAssignment, score: number): string | null {
  const points = assignment.pointsPossible;
  switch (assignment.gradingType) {
    case 'points':
      return formatNumber(score);
    case 'percent':
      return `${formatNumber(points > 0 ? roundTo((score / points) * 100, 2) : 0)}%`;
    case 'pass_fail':
      return score === points || (points === 0 && score > 0) ? 'complete' : 'incomplete';
    case 'letter_grade':
    case 'gpa_scale': {
      const percent = points > 0 ? (score / points) * 100 : 0;
      const scheme = assignment.gradingScheme ?? DEFAULT_SCHEME;
      return scheme.find(([, minimum]) => percent >= minimum)?.[0] ?? scheme.at(-1)?.[0] ?? null;
    }
    case 'not_graded':
      return null;
  }
}

/** Ruby's `round_if_whole`: 17.0 prints as "17", 8.5 as "8.5". */
function formatNumber(value: number): string {
  return String(roundTo(value, 2));
}

function roundTo(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
}
