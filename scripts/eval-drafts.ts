/**
 * `npm run eval:drafts -- --data DIR [--rubric] [--per-set N] [--json FILE] [--engine current|scale]
 * [--draws N] [--k 0,10,30] [--sets 2,4]`
 *
 * Measures draft grades against human graders. For each essay set of DIR (essays.tsv, sets.json;
 * see scripts/eval-drafts/read-essay-data.ts) it builds the
 * assignment, and for each k picks k essays as the teacher's graded work (seeded draws), drafts
 * the rest through the product's own pipeline (draftFeedback: redact, engine, finalizeDraft, with
 * the class's graded work passed as the product passes it), and prints per set and k the agreement
 * with the resolved human score, the length-only baseline fitted on the same k, human-human
 * agreement, quotes that are not word for word in the work, and drafts per second; for k > 0 also
 * the k = 0 drafts' agreement on the same essays (examples must never make agreement worse).
 *
 * --engine current (default): the engine the product uses today (the offline engine).
 * --engine scale: the scale model (calibration/), fitted once per set, k and draw on the class.
 *
 * --rubric: rubric drafts against human criterion scores. Each set's `criteria` (sets.json) become
 * the assignment's Canvas rubric (its points the sum of the criteria's maxima), the teacher's k
 * graded submissions carry her rubric assessment (`c:<Criterion>` scores) and their sum as the
 * score, the rest are drafted with the rubric on, and per set, k and criterion it prints QWK, exact
 * and adjacent agreement, the even split of the drafted total, the partial correlation with the
 * human score given the drafted total, and human-human QWK where `r2:<Criterion>` exists.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gradingOptionsSchema } from '@/shared/schemas/ai';
import type { GradeDrafter, RawGradingDraft } from '@/server/modules/grading/kernel/drafter-port';
import { createOfflineEngine } from '@/server/modules/grading/drafting/offline/draft-offline';
import type { CanvasAssignment, CanvasClient, CanvasRubricCriterion, CanvasSubmission } from '@/server/adapters/canvas';
import { htmlToText } from '@/server/adapters/documents';
import { draftFeedback } from '@/server/modules/grading/assignments/draft-feedback';
import {
  loadEnglishSpeller,
  type Speller,
} from '@/server/modules/grading/drafting/offline/calibration/english-speller';
import {
  createFeatureMeasurer,
  createScaleEngine,
  fitScaleModelForClass,
} from '@/server/modules/grading/drafting/offline/calibration/create-scale-engine';
import {
  EssayDataError,
  parseEssaysTsv,
  parseSetsJson,
  type EssaySet,
  type ScoredEssay,
} from './eval-drafts/read-essay-data';
import { seededSample, seededShuffle } from './eval-drafts/seeded-draws';
import { countWords, fitLengthBaseline, fitLengthPrior } from './eval-drafts/length-baseline';
import {
  formatLeastSure,
  formatResultsTable,
  meanOverSets,
  summarizeOutcomes,
  toSetScale,
  type DraftedEssay,
  type DrawOutcome,
} from './eval-drafts/summarize-draft-eval';
import {
  formatRubricTable,
  rubricMeanOverSets,
  summarizeRubricOutcomes,
  type RubricDraftedEssay,
  type RubricDrawOutcome,
} from './eval-drafts/summarize-rubric-eval';

const USAGE =
  'Usage: npm run eval:drafts -- --data DIR [--rubric] [--per-set N] [--json FILE] [--engine current|scale] [--draws N] [--k 0,10,30] [--sets ID,ID]';

type Options = {
  dataDir: string;
  perSet: number | null;
  jsonFile: string | null;
  engine: 'current' | 'scale';
  draws: number;
  ks: number[];
  sets: string[] | null;
  rubric: boolean;
};

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

function positiveInteger(value: string | undefined, flag: string): number | null {
  if (value === undefined) return null;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) fail(`${flag} must be a whole number of at least 1, not "${value}"`);
  return parsed;
}

function readOptions(argv: string[]): Options {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        data: { type: 'string' },
        'per-set': { type: 'string' },
        json: { type: 'string' },
        engine: { type: 'string', default: 'current' },
        draws: { type: 'string', default: '5' },
        k: { type: 'string', default: '0,10,30' },
        sets: { type: 'string' },
        rubric: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    });
  } catch (error) {
    fail((error as Error).message);
  }
  const { values } = parsed;
  if (values.help) {
    console.info(USAGE);
    process.exit(0);
  }
  if (!values.data) fail('--data DIR is required (a folder with essays.tsv and sets.json)');
  if (values.engine !== 'current' && values.engine !== 'scale')
    fail(`--engine must be "current" or "scale", not "${values.engine}"`);
  const ks = values.k.split(',').map((item) => Number(item.trim()));
  if (ks.some((k) => !Number.isInteger(k) || k < 0))
    fail(`--k must list whole numbers of 0 or more, not "${values.k}"`);
  return {
    dataDir: values.data,
    perSet: positiveInteger(values['per-set'], '--per-set'),
    jsonFile: values.json ?? null,
    engine: values.engine,
    draws: positiveInteger(values.draws, '--draws') ?? 5,
    ks: [...new Set(ks)].sort((a, b) => a - b),
    sets: values.sets
      ? values.sets
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean)
      : null,
    rubric: values.rubric,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The prompt, the reading and the rubric as the assignment description a teacher would write. */
function assignmentFor(set: EssaySet, withRubric = false): CanvasAssignment {
  const rubric = withRubric ? rubricFor(set) : null;
  const rubricPoints = rubric?.reduce((total, criterion) => total + criterion.points, 0) ?? 0;
  const parts = [`<p>${escapeHtml(set.prompt).replace(/\n+/g, '</p><p>')}</p>`];
  if (set.source) parts.push(`<h3>Reading</h3><p>${escapeHtml(set.source).replace(/\n+/g, '</p><p>')}</p>`);
  if (set.rubric) parts.push(`<h3>Rubric</h3><p>${escapeHtml(set.rubric).replace(/\n+/g, '</p><p>')}</p>`);
  return {
    id: 1,
    courseId: 1,
    // A neutral title: the engine takes terms from the title, and the data has none.
    name: `Essay ${set.id}`,
    description: parts.join(''),
    pointsPossible: rubric ? rubricPoints : set.maxScore,
    gradingType: 'points',
    dueAt: null,
    submissionTypes: ['online_text_entry'],
    published: true,
    htmlUrl: '',
    needsGradingCount: null,
    rubric,
    rubricSettings: rubric
      ? { id: 1, title: `Essay ${set.id} rubric`, pointsPossible: rubricPoints, freeFormCriterionComments: false }
      : null,
    useRubricForGrading: rubric !== null,
    quizId: null,
    discussionTopicId: null,
  };
}

const criterionId = (index: number) => `c${index + 1}`;

/**
 * The set's criteria as a teacher's Canvas rubric: each criterion titled by its name with its
 * description as the long description, one rating per level (points = level, titled by the level,
 * the official level text as its long description).
 */
function rubricFor(set: EssaySet): CanvasRubricCriterion[] {
  return set.criteria.map((criterion, index) => ({
    id: criterionId(index),
    points: criterion.max,
    description: criterion.name,
    longDescription: criterion.description,
    ratings: criterion.ratings.map((rating) => ({
      id: `${criterionId(index)}_${rating.points}`,
      points: rating.points,
      description: `Level ${rating.points}`,
      longDescription: rating.description,
    })),
  }));
}

/** The teacher's rubric assessment of a graded essay, and its total (what Canvas makes the score). */
function rubricGradeFor(set: EssaySet, essay: ScoredEssay) {
  const assessment: NonNullable<CanvasSubmission['rubricAssessment']> = {};
  let total = 0;
  set.criteria.forEach((criterion, index) => {
    const points = essay.criteria?.[criterion.name] ?? 0;
    total += points;
    assessment[criterionId(index)] = { ratingId: `${criterionId(index)}_${points}`, points, comments: '' };
  });
  return { assessment, total };
}

function submissionFor(
  essay: ScoredEssay,
  index: number,
  grade: number | null,
  rubricAssessment: CanvasSubmission['rubricAssessment'] = null,
): CanvasSubmission {
  const isGraded = grade !== null;
  return {
    id: index + 1,
    assignmentId: 1,
    userId: index + 1,
    // The data is anonymised; with no name there is nothing to redact.
    user: null,
    workflowState: isGraded ? 'graded' : 'submitted',
    submissionType: 'online_text_entry',
    body: `<p>${escapeHtml(essay.text)}</p>`,
    url: null,
    submittedAt: '2026-11-01T12:00:00Z',
    gradedAt: isGraded ? '2026-11-02T12:00:00Z' : null,
    score: grade,
    grade: isGraded ? String(grade) : null,
    attempt: 1,
    late: false,
    missing: false,
    secondsLate: 0,
    pointsDeducted: null,
    enteredScore: grade,
    enteredGrade: isGraded ? String(grade) : null,
    excused: false,
    gradeMatchesCurrentSubmission: true,
    attachments: [],
    // The product only sends graded work with a teacher's comment as examples.
    comments: isGraded
      ? [
          {
            id: index + 1,
            authorId: 0,
            authorName: 'Teacher',
            authorAvatarUrl: null,
            comment: `Score ${grade}.`,
            createdAt: '2026-11-02T12:00:00Z',
            editedAt: null,
          },
        ]
      : [],
    rubricAssessment: isGraded ? rubricAssessment : null,
    quizAnswers: null,
  };
}

/** Essays have no attachments, so drafting never calls Canvas; this client says so if it ever would. */
const noCanvas = new Proxy({} as CanvasClient, {
  get: (_, property) => () => {
    throw new Error(`The evaluation has no Canvas (called ${String(property)})`);
  },
});

/** Quotes (as the engine returned them, and as finalized) that are not word for word in the work. */
function countQuotesNotVerbatim(
  raw: RawGradingDraft,
  engineText: string,
  finalQuotes: (string | null)[],
  workText: string,
): number {
  const rawQuotes = [...raw.strengths, ...raw.areasForImprovement, ...(raw.rubricAssessment ?? [])].map(
    (point) => point.quote,
  );
  let count = 0;
  for (const quote of rawQuotes) if (quote && !engineText.includes(quote)) count += 1;
  for (const quote of finalQuotes) if (quote && !workText.includes(quote)) count += 1;
  return count;
}

type Prediction = { essayId: string; set: string; k: number; draw: number; grade: number; uncertainty?: number | null };

async function evaluateSet(
  set: EssaySet,
  essays: ScoredEssay[],
  options: Options,
  speller: Speller | null,
): Promise<{ outcomes: DrawOutcome[]; predictions: Prediction[] }> {
  const pool = options.perSet ? seededSample(essays, options.perSet, `${set.id}:sample`) : essays;
  const assignment = assignmentFor(set);
  const assignmentText = htmlToText(assignment.description ?? '');
  const gradingOptions = gradingOptionsSchema.parse({});
  const offline = createOfflineEngine();
  const outcomes: DrawOutcome[] = [];
  const predictions: Prediction[] = [];
  const indexOf = new Map(pool.map((essay, index) => [essay.id, index]));
  // One measurer per assignment, as the product would keep: the first fit measures the class.
  const measurer = speller ? createFeatureMeasurer(assignmentText, speller) : null;

  for (const k of options.ks) {
    if (k >= pool.length) {
      console.warn(`Set ${set.id}: k = ${k} leaves no essay to draft among ${pool.length}; skipped.`);
      continue;
    }
    // Without graded work nothing is drawn, so one draw says all there is to say.
    const drawCount = k === 0 ? 1 : options.draws;
    for (let draw = 1; draw <= drawCount; draw += 1) {
      const order = seededShuffle(pool, `${set.id}:draw:${draw}`);
      const graded = new Set(order.slice(0, k).map((essay) => essay.id));
      const classSubmissions = pool.map((essay, index) =>
        submissionFor(essay, index, graded.has(essay.id) ? essay.score : null),
      );
      const toDraft = order.slice(k);

      let lastRaw: { draft: RawGradingDraft; text: string } | null = null;
      const started = performance.now();
      const startedCpu = process.cpuUsage();
      let engine: GradeDrafter = offline;
      if (measurer) {
        const model = fitScaleModelForClass({
          pointsPossible: set.maxScore,
          classWork: classSubmissions.map((submission) => ({
            text: htmlToText(submission.body ?? ''),
            grade: submission.score,
          })),
          measurer,
        });
        engine = createScaleEngine(offline, model, measurer);
      }
      const recording: GradeDrafter = {
        ...engine,
        async draftGrade(input) {
          const draft = await engine.draftGrade(input);
          lastRaw = { draft, text: input.submissionText };
          return draft;
        },
      };
      const drafted: { essay: ScoredEssay; grade: number; quotesNotVerbatim: number; uncertainty: number | null }[] =
        [];
      for (const essay of toDraft) {
        const submission = classSubmissions[indexOf.get(essay.id)!]!;
        const { draft } = await draftFeedback({
          engine: recording,
          client: noCanvas,
          assignment,
          submission,
          classSubmissions,
          options: gradingOptions,
        });
        const raw = lastRaw as { draft: RawGradingDraft; text: string } | null;
        if (!raw) throw new Error('The engine was not called');
        const workText = htmlToText(submission.body ?? '');
        const finalQuotes = [...draft.strengths, ...draft.areasForImprovement, ...(draft.rubricAssessment ?? [])].map(
          (point) => (point.quoteVerified ? point.quote : null),
        );
        drafted.push({
          essay,
          grade: draft.grade,
          uncertainty: draft.basis?.confidence?.uncertainty ?? null,
          quotesNotVerbatim: countQuotesNotVerbatim(raw.draft, raw.text, finalQuotes, workText),
        });
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(startedCpu);
      const cpuSeconds = (cpu.user + cpu.system) / 1e6;

      const gradedEssays = order.slice(0, k);
      const baseline =
        k === 0
          ? fitLengthPrior(
              pool.map((essay) => countWords(essay.text)),
              set.maxScore,
            )
          : fitLengthBaseline(gradedEssays.map((essay) => ({ wordCount: countWords(essay.text), grade: essay.score })));
      const results: DraftedEssay[] = drafted.map(({ essay, grade, uncertainty }) => ({
        essayId: essay.id,
        grade: toSetScale(grade, set.minScore, set.maxScore),
        lengthBaselineGrade: toSetScale(baseline(countWords(essay.text)), set.minScore, set.maxScore),
        score: essay.score,
        rater1: essay.rater1,
        rater2: essay.rater2,
        uncertainty,
      }));
      outcomes.push({
        set: set.id,
        k,
        draw,
        essays: results,
        quotesNotVerbatim: drafted.reduce((total, item) => total + item.quotesNotVerbatim, 0),
        seconds,
        cpuSeconds,
      });
      for (const result of results)
        predictions.push({
          essayId: result.essayId,
          set: set.id,
          k,
          draw,
          grade: result.grade,
          uncertainty: result.uncertainty ?? null,
        });
      console.info(`set ${set.id} k=${k} draw ${draw}: ${results.length} drafts in ${seconds.toFixed(1)} s`);
    }
  }
  return { outcomes, predictions };
}

type RubricPrediction = {
  essayId: string;
  set: string;
  k: number;
  draw: number;
  total: number;
  criteria: Record<string, number>;
};

/** --rubric: the set's rubric drafted for every essay not graded, with k rubric-graded examples from the class. */
async function evaluateRubricSet(
  set: EssaySet,
  essays: ScoredEssay[],
  options: Options,
  speller: Speller | null,
): Promise<{ outcomes: RubricDrawOutcome[]; predictions: RubricPrediction[]; drawOutcomes: DrawOutcome[] }> {
  const pool = options.perSet ? seededSample(essays, options.perSet, `${set.id}:sample`) : essays;
  const assignment = assignmentFor(set, true);
  const assignmentText = htmlToText(assignment.description ?? '');
  const gradingOptions = gradingOptionsSchema.parse({ useRubric: true });
  const offline = createOfflineEngine();
  const outcomes: RubricDrawOutcome[] = [];
  const drawOutcomes: DrawOutcome[] = [];
  const predictions: RubricPrediction[] = [];
  const indexOf = new Map(pool.map((essay, index) => [essay.id, index]));
  const measurer = speller ? createFeatureMeasurer(assignmentText, speller) : null;
  const idToName = new Map(set.criteria.map((criterion, index) => [criterionId(index), criterion.name]));
  const rubricPoints = assignment.pointsPossible ?? 0;

  for (const k of options.ks) {
    if (k >= pool.length) {
      console.warn(`Set ${set.id}: k = ${k} leaves no essay to draft among ${pool.length}; skipped.`);
      continue;
    }
    const drawCount = k === 0 ? 1 : options.draws;
    for (let draw = 1; draw <= drawCount; draw += 1) {
      const order = seededShuffle(pool, `${set.id}:draw:${draw}`);
      const graded = new Set(order.slice(0, k).map((essay) => essay.id));
      const classSubmissions = pool.map((essay, index) => {
        if (!graded.has(essay.id)) return submissionFor(essay, index, null);
        const { assessment, total } = rubricGradeFor(set, essay);
        return submissionFor(essay, index, total, assessment);
      });
      let engine: GradeDrafter = offline;
      if (measurer) {
        const model = fitScaleModelForClass({
          pointsPossible: rubricPoints,
          classWork: classSubmissions.map((submission) => ({
            text: htmlToText(submission.body ?? ''),
            grade: submission.score,
          })),
          measurer,
        });
        engine = createScaleEngine(offline, model, measurer);
      }
      let lastRaw: { draft: RawGradingDraft; text: string } | null = null;
      const recording: GradeDrafter = {
        ...engine,
        async draftGrade(input) {
          const draft = await engine.draftGrade(input);
          lastRaw = { draft, text: input.submissionText };
          return draft;
        },
      };
      const started = performance.now();
      const startedCpu = process.cpuUsage();
      const drafted: RubricDraftedEssay[] = [];
      const uncertainties = new Map<string, number | null>();
      let quotesNotVerbatim = 0;
      for (const essay of order.slice(k)) {
        const submission = classSubmissions[indexOf.get(essay.id)!]!;
        const { draft } = await draftFeedback({
          engine: recording,
          client: noCanvas,
          assignment,
          submission,
          classSubmissions,
          options: gradingOptions,
        });
        const raw = lastRaw as { draft: RawGradingDraft; text: string } | null;
        if (!raw) throw new Error('The engine was not called');
        const finalQuotes = [...draft.strengths, ...draft.areasForImprovement, ...(draft.rubricAssessment ?? [])].map(
          (point) => (point.quoteVerified ? point.quote : null),
        );
        quotesNotVerbatim += countQuotesNotVerbatim(
          raw.draft,
          raw.text,
          finalQuotes,
          htmlToText(submission.body ?? ''),
        );
        const criteria: Record<string, number> = {};
        for (const item of draft.rubricAssessment ?? []) {
          const name = idToName.get(item.criterionId);
          if (name !== undefined) criteria[name] = item.points;
        }
        uncertainties.set(essay.id, draft.basis?.confidence?.uncertainty ?? null);
        drafted.push({
          essayId: essay.id,
          total: draft.grade,
          drafted: criteria,
          human: essay.criteria ?? {},
          humanRater2: essay.criteriaRater2 ?? {},
        });
      }
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(startedCpu);
      outcomes.push({ set: set.id, k, draw, criteria: set.criteria, essays: drafted });
      // The total as a holistic draft (against the sum of the human criterion scores), for the
      // total's agreement beside the length baseline, the quotes and the speed.
      const low = set.criteria.reduce((sum, criterion) => sum + criterion.min, 0);
      const humanTotal = (essay: ScoredEssay) => rubricGradeFor(set, essay).total;
      const baseline =
        k === 0
          ? fitLengthPrior(
              pool.map((essay) => countWords(essay.text)),
              rubricPoints,
            )
          : fitLengthBaseline(
              order.slice(0, k).map((essay) => ({ wordCount: countWords(essay.text), grade: humanTotal(essay) })),
            );
      const essayById = new Map(pool.map((essay) => [essay.id, essay]));
      drawOutcomes.push({
        set: set.id,
        k,
        draw,
        essays: drafted.map((item) => {
          const essay = essayById.get(item.essayId)!;
          return {
            essayId: item.essayId,
            grade: toSetScale(item.total, low, rubricPoints),
            lengthBaselineGrade: toSetScale(baseline(countWords(essay.text)), low, rubricPoints),
            score: humanTotal(essay),
            rater1: null,
            rater2: null,
            uncertainty: uncertainties.get(item.essayId) ?? null,
          };
        }),
        quotesNotVerbatim,
        seconds,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      });
      for (const item of drafted)
        predictions.push({
          essayId: item.essayId,
          set: set.id,
          k,
          draw,
          total: item.total,
          criteria: item.drafted,
        });
      console.info(`set ${set.id} k=${k} draw ${draw}: ${drafted.length} rubric drafts in ${seconds.toFixed(1)} s`);
    }
  }
  return { outcomes, predictions, drawOutcomes };
}

async function mainRubric(options: Options, essays: ScoredEssay[], sets: EssaySet[], speller: Speller | null) {
  const outcomes: RubricDrawOutcome[] = [];
  const drawOutcomes: DrawOutcome[] = [];
  const predictions: RubricPrediction[] = [];
  for (const set of sets) {
    if (set.criteria.length === 0) {
      console.warn(`Set ${set.id} has no criteria in sets.json; skipped.`);
      continue;
    }
    // Only essays scored on every criterion: a rubric assessment has a rating for each.
    const setEssays = essays.filter(
      (essay) =>
        essay.set === set.id && set.criteria.every((criterion) => essay.criteria?.[criterion.name] !== undefined),
    );
    if (setEssays.length === 0) {
      console.warn(`Set ${set.id} has no essays scored on every criterion; skipped.`);
      continue;
    }
    const result = await evaluateRubricSet(set, setEssays, options, speller);
    outcomes.push(...result.outcomes);
    drawOutcomes.push(...result.drawOutcomes);
    predictions.push(...result.predictions);
  }
  const rows = summarizeRubricOutcomes(outcomes);
  const totals = summarizeOutcomes(drawOutcomes);
  console.info(
    `\nRubric drafts against human criterion scores (engine: ${options.engine}; ${options.perSet ? `${options.perSet} essays a set` : 'all essays'}; ${options.draws} draws for k > 0)\n`,
  );
  console.info(formatRubricTable([...rows, ...rubricMeanOverSets(rows)]));
  console.info('\nThe drafted total against the sum of the human criterion scores:\n');
  console.info(formatResultsTable([...totals, ...meanOverSets(totals)]));
  if (options.jsonFile) {
    const results = rows.map(
      ({ set, k, criterion, qwk, exact, adjacent, evenSplitQwk, partialCorrelation, humanHumanQwk }) => ({
        set,
        k,
        criterion,
        qwk,
        exact,
        adjacent,
        evenSplitQwk,
        partialCorrelation,
        humanHumanQwk,
      }),
    );
    const totalResults = totals.map(({ set, k, qwk, exact, adjacent, quotesNotVerbatim, draftsPerSecond }) => ({
      set,
      k,
      qwk,
      exact,
      adjacent,
      quotesNotVerbatim,
      draftsPerSecond,
    }));
    writeFileSync(options.jsonFile, `${JSON.stringify({ results, totals: totalResults, predictions }, null, 2)}\n`);
    console.info(`\nWrote ${options.jsonFile}`);
  }
}

async function main() {
  const options = readOptions(process.argv.slice(2));
  let essays: ScoredEssay[];
  let sets: EssaySet[];
  try {
    essays = parseEssaysTsv(readFileSync(path.join(options.dataDir, 'essays.tsv'), 'utf8'));
    sets = parseSetsJson(readFileSync(path.join(options.dataDir, 'sets.json'), 'utf8'));
  } catch (error) {
    if (error instanceof EssayDataError || (error as NodeJS.ErrnoException).code === 'ENOENT')
      fail((error as Error).message);
    throw error;
  }
  if (options.sets) {
    const unknown = options.sets.filter((id) => !sets.some((set) => set.id === id));
    if (unknown.length > 0) fail(`--sets names sets that sets.json does not have: ${unknown.join(', ')}`);
    sets = sets.filter((set) => options.sets!.includes(set.id));
  }
  const speller = options.engine === 'scale' ? await loadEnglishSpeller() : null;
  if (options.rubric) {
    await mainRubric(options, essays, sets, speller);
    return;
  }

  const outcomes: DrawOutcome[] = [];
  const predictions: Prediction[] = [];
  for (const set of sets) {
    const setEssays = essays.filter((essay) => essay.set === set.id);
    if (setEssays.length === 0) {
      console.warn(`Set ${set.id} has no essays in essays.tsv; skipped.`);
      continue;
    }
    const result = await evaluateSet(set, setEssays, options, speller);
    outcomes.push(...result.outcomes);
    predictions.push(...result.predictions);
  }
  const rows = summarizeOutcomes(outcomes);
  console.info(
    `\nDraft grades against human graders (engine: ${options.engine}; ${options.perSet ? `${options.perSet} essays a set` : 'all essays'}; ${options.draws} draws for k > 0)\n`,
  );
  const means = meanOverSets(rows);
  console.info(formatResultsTable([...rows, ...means]));
  console.info('\nDrafts missing the human grade by 2 or more that were marked among the 20% least sure:');
  for (const row of means) console.info(`k = ${row.k}: ${formatLeastSure(row)}`);
  if (options.jsonFile) {
    const results = rows.map(
      ({
        set,
        k,
        qwk,
        exact,
        adjacent,
        lengthBaselineQwk,
        humanHumanQwk,
        quotesNotVerbatim,
        draftsPerSecond,
        bigMisses,
        bigMissesAmongLeastSure,
      }) => ({
        set,
        k,
        qwk,
        exact,
        adjacent,
        lengthBaselineQwk,
        humanHumanQwk,
        quotesNotVerbatim,
        draftsPerSecond,
        bigMisses,
        bigMissesAmongLeastSure,
        bigMissesAmongLeastSureShare:
          bigMisses > 0 && bigMissesAmongLeastSure !== null ? bigMissesAmongLeastSure / bigMisses : null,
      }),
    );
    writeFileSync(options.jsonFile, `${JSON.stringify({ results, predictions }, null, 2)}\n`);
    console.info(`\nWrote ${options.jsonFile}`);
  }
}

await main();
