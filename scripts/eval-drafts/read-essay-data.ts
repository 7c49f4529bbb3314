import { z } from 'zod';

/**
 * The folder format the draft evaluation reads (`npm run eval:drafts -- --data DIR`):
 * `essays.tsv` (one essay a line, tab-separated, no quoting; a header row names the columns
 * essay_id, essay_set, essay, rater1, rater2, score, and for rubric data one `c:<Criterion>` column
 * per criterion and `r2:<Criterion>` where a second rater scored it) and `sets.json` (per set:
 * prompt, source, rubric, min_score, max_score, and for rubric data `criteria`).
 */

export type ScoredEssay = {
  id: string;
  set: string;
  text: string;
  /** The two independent human scores; null when the data has only one. */
  rater1: number | null;
  rater2: number | null;
  /** The resolved score the draft is compared with. */
  score: number;
  /** Rubric data: the essay's score on each criterion it was scored on (`c:<Criterion>`), by name. */
  criteria?: Record<string, number>;
  /** Rubric data: a second rater's score on a criterion (`r2:<Criterion>`), where one exists. */
  criteriaRater2?: Record<string, number>;
};

export const setCriterionSchema = z.object({
  name: z.string().min(1),
  min: z.number(),
  max: z.number(),
  description: z.string().nullish(),
  ratings: z.array(z.object({ points: z.number(), description: z.string() })).default([]),
});
export type SetCriterion = {
  name: string;
  min: number;
  max: number;
  description: string | null;
  /** Highest level first, as sets.json gives them. */
  ratings: { points: number; description: string }[];
};

export const essaySetSchema = z.object({
  prompt: z.string(),
  source: z.string().nullish(),
  rubric: z.string().nullish(),
  min_score: z.number(),
  max_score: z.number(),
  criteria: z.array(setCriterionSchema).nullish(),
});
export type EssaySet = {
  id: string;
  prompt: string;
  source: string | null;
  rubric: string | null;
  minScore: number;
  maxScore: number;
  /** The rubric's criteria, in order; empty when the set has none. */
  criteria: SetCriterion[];
};

const setsFileSchema = z.record(z.string(), essaySetSchema.passthrough());

const REQUIRED_COLUMNS = ['essay_id', 'essay_set', 'essay', 'score'] as const;

/** Thrown with a message that names the file and line, for data that cannot be read. */
export class EssayDataError extends Error {
  override name = 'EssayDataError';
}

function parseScore(value: string | undefined, where: string, column: string, isRequired: boolean): number | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') {
    if (isRequired) throw new EssayDataError(`${where}: the ${column} column is empty`);
    return null;
  }
  const parsed = Number(trimmed);
  if (!Number.isFinite(parsed)) throw new EssayDataError(`${where}: ${column} "${trimmed}" is not a number`);
  return parsed;
}

/** The criterion columns that hold a score for this essay (an empty cell: not scored on it). */
function criterionScores(
  cells: string[],
  columns: { column: number; name: string }[],
  where: string,
): Record<string, number> {
  const scores: Record<string, number> = {};
  for (const { column, name } of columns) {
    const value = parseScore(cells[column], where, name, false);
    if (value !== null) scores[name] = value;
  }
  return scores;
}

/** Reads essays.tsv. Splits on tabs only: a CSV reader would take a student's opening quote for quoting. */
export function parseEssaysTsv(content: string, fileName = 'essays.tsv'): ScoredEssay[] {
  const lines = content.split(/\r?\n/);
  const rawHeader = (lines[0] ?? '').split('\t').map((name) => name.trim());
  const header = rawHeader.map((name) => name.toLowerCase());
  for (const column of REQUIRED_COLUMNS) {
    if (!header.includes(column))
      throw new EssayDataError(`${fileName}: the header has no ${column} column (found: ${header.join(', ')})`);
  }
  const at = (name: string) => header.indexOf(name);
  const criterionColumns = (prefix: string) =>
    header.flatMap((name, column) =>
      name.startsWith(prefix) ? [{ column, name: rawHeader[column]!.slice(prefix.length) }] : [],
    );
  const criteriaColumns = criterionColumns('c:');
  const rater2Columns = criterionColumns('r2:');
  const essays: ScoredEssay[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const line = lines[index];
    if (!line || !line.trim()) continue;
    const cells = line.split('\t');
    const where = `${fileName} line ${index + 1}`;
    if (cells.length !== header.length)
      throw new EssayDataError(`${where}: ${cells.length} fields where the header has ${header.length}`);
    essays.push({
      id: cells[at('essay_id')]!.trim(),
      set: cells[at('essay_set')]!.trim(),
      text: cells[at('essay')]!,
      rater1: at('rater1') === -1 ? null : parseScore(cells[at('rater1')], where, 'rater1', false),
      rater2: at('rater2') === -1 ? null : parseScore(cells[at('rater2')], where, 'rater2', false),
      score: parseScore(cells[at('score')], where, 'score', true)!,
      ...(criteriaColumns.length > 0 ? { criteria: criterionScores(cells, criteriaColumns, where) } : {}),
      ...(rater2Columns.length > 0 ? { criteriaRater2: criterionScores(cells, rater2Columns, where) } : {}),
    });
  }
  return essays;
}

/** Reads sets.json into sets sorted by id (numerically when the ids are numbers). */
export function parseSetsJson(content: string, fileName = 'sets.json'): EssaySet[] {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    throw new EssayDataError(`${fileName} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = setsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EssayDataError(`${fileName}: ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'invalid'}`);
  }
  return Object.entries(parsed.data)
    .map(([id, set]) => {
      if (!(set.max_score > set.min_score))
        throw new EssayDataError(
          `${fileName}: set ${id} has max_score ${set.max_score} not above min_score ${set.min_score}`,
        );
      return {
        id,
        prompt: set.prompt,
        source: set.source ?? null,
        rubric: set.rubric ?? null,
        minScore: set.min_score,
        maxScore: set.max_score,
        criteria: (set.criteria ?? []).map((criterion) => {
          if (!(criterion.max > criterion.min))
            throw new EssayDataError(
              `${fileName}: set ${id} criterion "${criterion.name}" has max ${criterion.max} not above min ${criterion.min}`,
            );
          return {
            name: criterion.name,
            min: criterion.min,
            max: criterion.max,
            description: criterion.description ?? null,
            ratings: criterion.ratings,
          };
        }),
      };
    })
    .sort((a, b) => compareIds(a.id, b.id));
}

export function compareIds(a: string, b: string): number {
  const numberA = Number(a);
  const numberB = Number(b);
  return Number.isFinite(numberA) && Number.isFinite(numberB) ? numberA - numberB : a.localeCompare(b);
}
