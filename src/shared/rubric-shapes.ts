import type { RubricCriterion, RubricRating } from './schemas/ai';

/**
 * The shapes of a Canvas rubric, read the one way on client and server (decision 066): range
 * ratings, criteria that do not count towards the total, and points between ratings.
 */

/** True unless the criterion is marked `ignore_for_scoring` (assessed, but not part of the total). */
export function countsTowardTotal(criterion: Pick<RubricCriterion, 'ignore_for_scoring'>): boolean {
  return criterion.ignore_for_scoring !== true;
}

/** The rubric's points possible: the criteria that count. */
export function rubricPointsPossible(rubric: ReadonlyArray<RubricCriterion>): number {
  return rubric.filter(countsTowardTotal).reduce((total, criterion) => total + Math.max(0, criterion.points), 0);
}

/**
 * The points a rating covers. A plain rating covers its own points; on a range criterion
 * (`criterion_use_range`) a rating covers from just above the next lower rating's points up to its own,
 * and the lowest rating from 0.
 */
export function ratingRange(
  criterion: Pick<RubricCriterion, 'use_range'> & { ratings: ReadonlyArray<Pick<RubricRating, 'points'>> },
  rating: Pick<RubricRating, 'points'>,
): { low: number; high: number; isLowExclusive: boolean } {
  if (!criterion.use_range) return { low: rating.points, high: rating.points, isLowExclusive: false };
  const below = criterion.ratings
    .map((candidate) => candidate.points)
    .filter((points) => points < rating.points)
    .sort((a, b) => b - a)[0];
  return below === undefined
    ? { low: 0, high: rating.points, isLowExclusive: false }
    : { low: below, high: rating.points, isLowExclusive: true };
}

/**
 * The rating the points stand on: the rating worth exactly those points, or on a range criterion
 * the rating whose range holds them. Points between the ratings of a plain criterion stand on none.
 */
export function ratingForPoints<Rating extends Pick<RubricRating, 'points'>>(
  criterion: Pick<RubricCriterion, 'use_range'> & { ratings: Rating[] },
  points: number,
): Rating | null {
  if (!Number.isFinite(points)) return null;
  const exact = criterion.ratings.find((rating) => Math.abs(rating.points - points) < 1e-9);
  if (exact || !criterion.use_range) return exact ?? null;
  return (
    criterion.ratings.find((rating) => {
      const range = ratingRange(criterion, rating);
      const isAboveLow = range.isLowExclusive ? points > range.low : points >= range.low;
      return isAboveLow && points <= range.high;
    }) ?? null
  );
}

/** The rating's points as the teacher reads them: "8" or, on a range criterion, "5–8" (above 5, up to 8). */
export function describeRatingPoints(criterion: Pick<RubricCriterion, 'ratings' | 'use_range'>, rating: RubricRating) {
  const range = ratingRange(criterion, rating);
  if (range.low === range.high) return formatRubricPoints(range.high);
  return `${formatRubricPoints(range.low)}–${formatRubricPoints(range.high)}`;
}

export function formatRubricPoints(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}
