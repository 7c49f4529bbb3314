import { createHash } from 'node:crypto';
import type { DraftAgreement } from '@/shared/schemas/draft-basis';
import type { RubricCriterion } from '@/shared/schemas/ai';
import type { AiModel } from '@/server/adapters/ai';
import { modelDrafter } from './draft-with-model';
import type { ClassWork, GradeDrafter, GradingInput, RawGradingDraft } from '../../kernel/drafter-port';
import { clampGrade, effectivePointsPossible, formatPoints, roundToStep } from '../../kernel/finalize-draft';

/**
 * An optional calibration of a model's grades to the teacher's (AI_CALIBRATE=true), behind the
 * same drafter: the model also grades some of the work the teacher has already graded on the
 * assignment, and its grades are mapped onto the teacher's by a straight line fitted to those
 * pairs (slope pulled toward 1, so a few pairs move it little). A model that is harsher, kinder or
 * more bunched than the teacher then drafts on the teacher's scale. The teacher's graded work is
 * sent to the provider for this, which is why it is opt-in; every class member's name is taken out
 * of it first (kernel/prepare-class.ts redacts the class work roster-wide).
 */

/** Below this many graded submissions the model's grade is left as it is. */
export const MIN_GRADES_TO_CALIBRATE = 3;
/** Graded submissions the model grades for the fit (spread over the teacher's range). */
export const MAX_GRADES_TO_CALIBRATE = 10;
/** Pseudo-pairs behind the slope's prior of 1 (the model's scale is the teacher's). */
const SLOPE_PSEUDO_PAIRS = 1;
/** Model grades kept per process, so a whole-class run asks for each graded submission once. */
const GRADES_KEPT = 500;

export type Calibration = { intercept: number; slope: number; pairs: number };

/** Least squares with the slope pulled toward 1; the level comes from the teacher's grades. */
export function fitCalibration(pairs: { model: number; teacher: number }[]): Calibration {
  const n = pairs.length;
  const modelMean = pairs.reduce((total, pair) => total + pair.model, 0) / n;
  const teacherMean = pairs.reduce((total, pair) => total + pair.teacher, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const pair of pairs) {
    covariance += (pair.model - modelMean) * (pair.teacher - teacherMean);
    variance += (pair.model - modelMean) ** 2;
  }
  const prior = SLOPE_PSEUDO_PAIRS * Math.max(variance / Math.max(1, n), 1);
  const slope = Math.min(3, Math.max(0.2, (covariance + prior) / (variance + prior)));
  return { intercept: teacherMean - slope * modelMean, slope, pairs: n };
}

const applyCalibration = (calibration: Calibration, grade: number, points: number) =>
  clampGrade(roundToStep(calibration.intercept + calibration.slope * grade), points);

type ModelGrade = { grade: number; rubric: Record<string, number> | null };

/** The smallest gap between two of a criterion's ratings (1 point without ratings). */
function ratingStep(criterion: RubricCriterion): number {
  const levels = [...new Set(criterion.ratings.map((rating) => rating.points))].sort((a, b) => a - b);
  let step = Infinity;
  for (let index = 1; index < levels.length; index += 1) step = Math.min(step, levels[index]! - levels[index - 1]!);
  return Number.isFinite(step) && step > 0 ? step : 1;
}

/** The tolerance of the agreement figure: 1 point, or 5% of the points when that is more. */
function tolerance(points: number): number {
  return Math.max(1, Math.round((0.05 * points) / 0.5) * 0.5);
}

/** Each pair predicted by the line fitted without it. */
function crossValidate(pairs: { model: number; teacher: number }[], points: number): DraftAgreement {
  const within = tolerance(points);
  let withinTolerance = 0;
  let exact = 0;
  pairs.forEach((pair, index) => {
    const rest = pairs.filter((_, other) => other !== index);
    const predicted = applyCalibration(fitCalibration(rest), pair.model, points);
    const difference = Math.abs(predicted - pair.teacher);
    if (difference < 1e-9) exact += 1;
    if (difference <= within + 1e-9) withinTolerance += 1;
  });
  return { checked: pairs.length, withinTolerance, exact, tolerance: within };
}

/** Up to `count` graded submissions spread over the teacher's range of grades, in a fixed order. */
function spreadPick(graded: (ClassWork & { grade: number })[], count: number): (ClassWork & { grade: number })[] {
  const sorted = [...graded].sort((a, b) => a.grade - b.grade || a.text.localeCompare(b.text));
  if (sorted.length <= count) return sorted;
  return Array.from({ length: count }, (_, index) => sorted[Math.round((index * (sorted.length - 1)) / (count - 1))]!);
}

/** A model's drafts, calibrated to the teacher's grades on the graded work. */
export function calibratedModelDrafter(model: AiModel): GradeDrafter {
  return createCalibratedDrafter(modelDrafter(model));
}

export function createCalibratedDrafter(base: GradeDrafter): GradeDrafter {
  const modelGrades = new Map<string, Promise<ModelGrade>>();

  function modelGradeOf(input: GradingInput, text: string): Promise<ModelGrade> {
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          input.assignment.name,
          input.assignment.descriptionText,
          input.assignment.pointsPossible,
          input.options,
          text,
        ]),
      )
      .digest('hex');
    let grade = modelGrades.get(key);
    if (!grade) {
      // A classmate's work is graded as it is: the drafted student's own words (ownText) stay out.
      const { ownText: _ownText, ...task } = input;
      grade = base
        .draftGrade({ ...task, submissionText: text, classWork: [], isFileContentIncluded: false })
        .then((draft) => ({
          grade: draft.grade,
          rubric: draft.rubricAssessment
            ? Object.fromEntries(draft.rubricAssessment.map((item) => [item.criterionId, item.points]))
            : null,
        }));
      // A failed call is not remembered: the next draft asks again.
      grade.catch(() => modelGrades.delete(key));
      modelGrades.set(key, grade);
      if (modelGrades.size > GRADES_KEPT) modelGrades.delete(modelGrades.keys().next().value!);
    }
    return grade;
  }

  /**
   * With the rubric: each criterion is mapped onto her scale for that criterion, by a line fitted
   * to the model's and her ratings of it on her rubric-graded work; the grade is their sum.
   */
  async function draftRubricOnHerScale(
    input: GradingInput,
    graded: (ClassWork & { grade: number })[],
  ): Promise<RawGradingDraft> {
    const rubric = input.assignment.rubric ?? [];
    const assessed = graded.filter(
      (work): work is ClassWork & { grade: number; rubric: Record<string, number> } =>
        work.rubric !== null && work.rubric !== undefined,
    );
    if (assessed.length < MIN_GRADES_TO_CALIBRATE) return base.draftGrade(input);
    const picked = spreadPick(assessed, MAX_GRADES_TO_CALIBRATE) as (typeof assessed)[number][];
    const [draft, ...modelOfPicked] = await Promise.all([
      base.draftGrade(input),
      ...picked.map((work) => modelGradeOf(input, work.text)),
    ]);
    if (!draft!.rubricAssessment) return draft!;
    const points = effectivePointsPossible(input.assignment.pointsPossible);
    const notes: string[] = [];
    const rubricAssessment = draft!.rubricAssessment.map((item) => {
      const criterion = rubric.find((each) => each.id === item.criterionId);
      if (!criterion) return item;
      const pairs = picked.flatMap((work, index) => {
        const model = modelOfPicked[index]!.rubric?.[criterion.id];
        const teacher = work.rubric[criterion.id];
        return model === undefined || teacher === undefined ? [] : [{ model, teacher }];
      });
      if (pairs.length < MIN_GRADES_TO_CALIBRATE) return item;
      const calibration = fitCalibration(pairs);
      const onHerScale = applyCalibration(calibration, clampGrade(item.points, criterion.points), criterion.points);
      // How often the line, fitted without a pair, lands within a rating step of her rating.
      const step = ratingStep(criterion);
      const withinOne = pairs.filter((pair, index) => {
        const rest = pairs.filter((_, other) => other !== index);
        return (
          Math.abs(applyCalibration(fitCalibration(rest), pair.model, criterion.points) - pair.teacher) <= step + 1e-9
        );
      }).length;
      notes.push(
        `${criterion.description}: the model's ${formatPoints(item.points)} became ${formatPoints(onHerScale)} (your rating ≈ ${formatPoints(Math.round(calibration.intercept * 10) / 10)} + ${calibration.slope.toFixed(2)} × the model's, from ${pairs.length} of your ratings); within one rating of yours on ${withinOne} of ${pairs.length}, each checked without itself.`,
      );
      return { ...item, points: onHerScale };
    });
    if (notes.length === 0) return draft!;
    const grade = clampGrade(
      rubricAssessment.reduce((total, item) => total + item.points, 0),
      points,
    );
    return {
      ...draft!,
      grade,
      rubricAssessment,
      gradeReview:
        `${draft!.gradeReview}\n\nCalibrated to your scale, criterion by criterion: the model also rated ${picked.length} of your rubric-graded submissions.\n${notes.join('\n')}`.trim(),
      basis: {
        method: 'calibrated-model',
        gradesLearnedFrom: picked.length,
        classSize: (input.classWork ?? []).length + 1,
        // Agreement is per criterion, in the review above; the total's line would count it twice.
        agreement: null,
      },
    };
  }

  return {
    ...base,
    async draftGrade(input: GradingInput): Promise<RawGradingDraft> {
      const usesRubric = input.options.useRubric && (input.assignment.rubric?.length ?? 0) > 0;
      const graded = (input.classWork ?? []).filter(
        (work): work is ClassWork & { grade: number } => work.grade !== null && work.text.trim().length > 0,
      );
      if (usesRubric) return draftRubricOnHerScale(input, graded);
      if (graded.length < MIN_GRADES_TO_CALIBRATE) return base.draftGrade(input);

      const points = effectivePointsPossible(input.assignment.pointsPossible);
      const picked = spreadPick(graded, MAX_GRADES_TO_CALIBRATE);
      const [draft, ...modelGradesOfPicked] = await Promise.all([
        base.draftGrade(input),
        ...picked.map((work) => modelGradeOf(input, work.text)),
      ]);
      const pairs = picked.map((work, index) => ({ model: modelGradesOfPicked[index]!.grade, teacher: work.grade }));
      const calibration = fitCalibration(pairs);
      const modelGrade = clampGrade(draft!.grade, points);
      const grade = applyCalibration(calibration, modelGrade, points);
      const note = `Calibrated to your scale: the model also graded ${pairs.length} of your graded submissions, and its grades were mapped onto yours (your grade ≈ ${formatPoints(Math.round(calibration.intercept * 10) / 10)} + ${calibration.slope.toFixed(2)} × the model's). The model's ${formatPoints(modelGrade)} became ${formatPoints(grade)}.`;
      return {
        ...draft!,
        grade,
        gradeReview: `${draft!.gradeReview}\n\n${note}`.trim(),
        basis: {
          method: 'calibrated-model',
          gradesLearnedFrom: pairs.length,
          classSize: (input.classWork ?? []).length + 1,
          agreement: crossValidate(pairs, points),
        },
      };
    },
  };
}
