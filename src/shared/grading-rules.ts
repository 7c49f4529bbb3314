/**
 * The grade rules, once, for the client and the server: the 0.5 step, the default maximum, the
 * colour and letter bands, and how each Canvas grading type is entered, sent (`posted_grade`) and
 * read back from what Canvas stored (decision 021).
 */

/** Spec part 2 §9: grades move in steps of 0.5. */
export const GRADE_STEP = 0.5;
/** Spec part 2 §5: the maximum when the assignment's points are unknown. */
export const DEFAULT_POINTS = 100;

/** Rounds to the nearest 0.5. */
export function roundToStep(value: number, step = GRADE_STEP): number {
  return Math.round(value / step) * step;
}

/** The usable maximum: the assignment's points, or 100 when unknown or not positive. */
export function effectivePointsPossible(pointsPossible: number | null | undefined): number {
  return typeof pointsPossible === 'number' && Number.isFinite(pointsPossible) && pointsPossible > 0
    ? pointsPossible
    : DEFAULT_POINTS;
}

/** Clamps to 0..max and rounds to the 0.5 step (never above max, even if max is not on a step). For drafts only: a teacher's grade is never capped. */
export function clampGrade(value: number, max: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = roundToStep(Math.min(Math.max(value, 0), max));
  return Math.min(Math.max(rounded, 0), max);
}

/** A grade the teacher typed, as it is saved: on the 0.5 step, not negative, and never capped at the maximum. */
export function teacherGrade(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, roundToStep(value));
}

export function isAboveMaximum(grade: number, pointsPossible: number): boolean {
  return grade > pointsPossible + 1e-9;
}

export type GradeTone = 'green' | 'blue' | 'yellow' | 'red' | 'over';

/** Grade colour by percent (spec part 2 §4); above 100 % is extra credit, never shown as an ordinary green. */
export function gradeTone(percent: number): GradeTone {
  if (percent > 100 + 1e-9) return 'over';
  if (percent >= 90) return 'green';
  if (percent >= 80) return 'blue';
  if (percent >= 70) return 'yellow';
  return 'red';
}

/** Letter band (spec part 2 §4): A 90–100, B 80–89, C 70–79, D 60–69, F below 60. */
export function letterGrade(percent: number): 'A' | 'B' | 'C' | 'D' | 'F' {
  if (percent >= 90) return 'A';
  if (percent >= 80) return 'B';
  if (percent >= 70) return 'C';
  if (percent >= 60) return 'D';
  return 'F';
}

// ---------------------------------------------------------------------------------------------
// Canvas grading types (canvas-api.md §8)

export const GRADING_TYPES = ['points', 'percent', 'letter_grade', 'gpa_scale', 'pass_fail', 'not_graded'] as const;
export type GradingType = (typeof GRADING_TYPES)[number];

/** Canvas's `grading_type`; anything unknown is treated as points, Canvas's default. */
export function toGradingType(value: string | null | undefined): GradingType {
  return (GRADING_TYPES as readonly string[]).includes(value ?? '') ? (value as GradingType) : 'points';
}

/** The control the teacher grades with. */
export type GradeControl = 'points' | 'percent' | 'letter' | 'complete_incomplete' | 'none';

export function gradeControl(type: GradingType): GradeControl {
  switch (type) {
    case 'points':
      return 'points';
    case 'percent':
      return 'percent';
    case 'letter_grade':
    case 'gpa_scale':
      return 'letter';
    case 'pass_fail':
      return 'complete_incomplete';
    case 'not_graded':
      return 'none';
  }
}

/** Canvas's default grading scheme: each letter and the lowest percentage that earns it. */
export const CANVAS_DEFAULT_SCHEME: ReadonlyArray<readonly [string, number]> = [
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

export function schemeLetter(percent: number): string {
  return CANVAS_DEFAULT_SCHEME.find(([, minimum]) => percent >= minimum - 1e-9)?.[0] ?? 'F';
}

/** The points a letter stands for: the top of its band, as Canvas scores a posted letter. */
export function scoreForLetter(letter: string, pointsPossible: number): number | null {
  const index = CANVAS_DEFAULT_SCHEME.findIndex(([candidate]) => candidate === letter);
  if (index < 0) return null;
  const top = index === 0 ? 100 : (CANVAS_DEFAULT_SCHEME[index - 1]?.[1] ?? 100) - 1;
  return Math.round(pointsPossible * top) / 100;
}

export type Completion = 'complete' | 'incomplete';

/** What the teacher approved, in the assignment's own terms. */
export type ApprovedGrade =
  | { type: 'points' | 'percent'; score: number }
  | { type: 'letter_grade' | 'gpa_scale'; score: number; letter: string }
  | { type: 'pass_fail'; completion: Completion }
  | { type: 'not_graded' };

/**
 * The approved grade from a score in points (and, for complete/incomplete, the teacher's choice).
 * Returns a message when the input does not fit the grading type.
 */
export function approveGrade(
  type: GradingType,
  input: { score: number | null; completion: Completion | null },
  pointsPossible: number,
): ApprovedGrade | { error: string } {
  if (type === 'not_graded') return { type };
  if (type === 'pass_fail') {
    if (input.completion) return { type, completion: input.completion };
    if (input.score === null) return { error: 'Choose Complete or Incomplete' };
    if (input.score >= pointsPossible && input.score > 0) return { type, completion: 'complete' };
    if (input.score === 0) return { type, completion: 'incomplete' };
    return { error: 'This assignment is graded complete or incomplete: choose Complete or Incomplete' };
  }
  if (input.score === null) return { error: 'Enter a grade' };
  if (type === 'letter_grade' || type === 'gpa_scale') {
    const percent = pointsPossible > 0 ? (input.score / pointsPossible) * 100 : 0;
    return { type, score: input.score, letter: schemeLetter(percent) };
  }
  return { type, score: input.score };
}

/** Canvas's `submission[posted_grade]` for an approved grade; null when no grade is sent. */
export function postedGradeFor(approved: ApprovedGrade, pointsPossible: number): string | null {
  switch (approved.type) {
    case 'points':
      return formatGradeNumber(approved.score);
    case 'percent':
      return `${formatGradeNumber(pointsPossible > 0 ? (approved.score / pointsPossible) * 100 : 0)}%`;
    case 'letter_grade':
    case 'gpa_scale':
      return approved.letter;
    case 'pass_fail':
      return approved.completion;
    case 'not_graded':
      return null;
  }
}

export type StoredGrade = { score: number | null; grade: string | null; excused: boolean };

/** Whether Canvas stored what was approved; the reason when it did not. */
export function checkStored(
  approved: ApprovedGrade,
  stored: StoredGrade,
): { ok: true } | { ok: false; reason: string } {
  if (approved.type === 'not_graded') return { ok: true };
  if (stored.excused) return { ok: false, reason: 'Canvas has this student as excused' };
  switch (approved.type) {
    case 'points':
    case 'percent':
      return stored.score !== null && Math.abs(stored.score - approved.score) < 0.01
        ? { ok: true }
        : {
            ok: false,
            reason: `Canvas stored ${stored.score === null ? 'no score' : `a score of ${formatGradeNumber(stored.score)}`}`,
          };
    case 'letter_grade':
    case 'gpa_scale':
      return stored.grade === approved.letter
        ? { ok: true }
        : { ok: false, reason: `Canvas stored ${stored.grade ? `the grade ${stored.grade}` : 'no grade'}` };
    case 'pass_fail':
      return stored.grade?.toLowerCase() === approved.completion
        ? { ok: true }
        : { ok: false, reason: `Canvas stored ${stored.grade ? `"${stored.grade}"` : 'no grade'}` };
  }
}

/** The words for what Canvas stored, for the success message. */
export function describeStored(type: GradingType, stored: StoredGrade, pointsPossible: number | null): string {
  if (stored.excused) return 'Excused';
  if (type === 'not_graded') return 'feedback only (not graded)';
  if (type === 'pass_fail')
    return stored.grade === 'complete' ? 'Complete' : stored.grade === 'incomplete' ? 'Incomplete' : 'no grade';
  if (stored.score === null) return stored.grade ?? 'no grade';
  const out = pointsPossible !== null && pointsPossible > 0 ? ` / ${formatGradeNumber(pointsPossible)}` : '';
  const points = `${formatGradeNumber(stored.score)}${out}`;
  if (type === 'percent') return `${stored.grade ?? ''} (${points})`.trim();
  if (type === 'letter_grade' || type === 'gpa_scale') return `${stored.grade ?? ''} (${points})`.trim();
  return points;
}

/** 17 → "17", 8.5 → "8.5", 85.333 → "85.33" (Canvas rounds to 2 places). */
export function formatGradeNumber(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Why Margin does not grade a moderated assignment (decision 058): a grader's grade there is only
 * provisional, and the moderator chooses; Margin refuses before anything is drafted or spent.
 */
export const MODERATED_REFUSAL =
  'This assignment uses moderated grading in Canvas: grades are provisional until the moderator picks one, and Margin cannot take part in that. Grade it in Canvas (Moderate). Nothing was drafted or charged.';
