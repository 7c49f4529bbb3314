import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createRandom } from '@/server/demo-canvas/random';
import { essayToText, writeEssay, type WriterLevel } from '@/server/demo-canvas/seed/essay-writer';
import { parseEssaysTsv, type ScoredEssay } from './read-essay-data';
import { seededSample, seededShuffle } from './seeded-draws';

/**
 * `npm run eval:drafts` end to end, on a data folder in the same format made here from the demo
 * Canvas's essay writer: two prompts on scales the development data does not have (2-12 and 0-60).
 */
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const folder = mkdtempSync(path.join(tmpdir(), 'margin-eval-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const sets = {
  narrative: {
    prompt: 'Write a story about a time you learned something new.',
    source: null,
    rubric: 'Score 12: vivid, well organised...',
    min_score: 2,
    max_score: 12,
  },
  lab: {
    prompt: 'Write a lab report on the water quality of the creek.',
    source: 'The creek data table...',
    rubric: null,
    min_score: 0,
    max_score: 60,
  },
};
const topics = { narrative: 'narrative', lab: 'creek-lab' } as const;
const levelShare: Record<WriterLevel, number> = { strong: 0.85, average: 0.65, weak: 0.4 };

function writeDataFolder(): ScoredEssay[] {
  const random = createRandom(5);
  const rows = ['essay_id\tessay_set\tessay\trater1\trater2\tscore'];
  let id = 100;
  for (const [set, definition] of Object.entries(sets)) {
    for (let index = 0; index < 40; index += 1) {
      const level = (['strong', 'average', 'weak'] as const)[index % 3]!;
      const text = essayToText(writeEssay(random, topics[set as keyof typeof topics], level)).replace(/\s+/g, ' ');
      const score = Math.round(
        definition.min_score + (definition.max_score - definition.min_score) * levelShare[level],
      );
      rows.push([id++, set, text, score, score + (index % 2), score].join('\t'));
    }
  }
  writeFileSync(path.join(folder, 'essays.tsv'), `${rows.join('\n')}\n`);
  writeFileSync(path.join(folder, 'sets.json'), JSON.stringify(sets));
  return parseEssaysTsv(rows.join('\n'));
}

function evalDrafts(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/eval-drafts.ts', ...args], { cwd: root, timeout: 180_000 });
}

describe('npm run eval:drafts', () => {
  const essays = writeDataFolder();

  it.each(['current', 'scale'])(
    'evaluates any folder in the format with the %s engine and writes the results and predictions as JSON',
    async (engine) => {
      const jsonFile = path.join(folder, `${engine}.json`);
      const { stdout } = await evalDrafts([
        '--data',
        folder,
        '--per-set',
        '30',
        '--draws',
        '2',
        '--k',
        '0,10',
        '--engine',
        engine,
        '--json',
        jsonFile,
      ]);
      expect(stdout).toMatch(/\| set \| k \| draws \| drafts \| QWK \|/);
      expect(stdout).toMatch(/\| mean \| 10 \| 2 \| 80 \|/);

      const output = JSON.parse(readFileSync(jsonFile, 'utf8'));
      expect(output.results).toHaveLength(4);
      for (const result of output.results) {
        expect(Object.keys(result)).toEqual([
          'set',
          'k',
          'qwk',
          'exact',
          'adjacent',
          'lengthBaselineQwk',
          'humanHumanQwk',
          'quotesNotVerbatim',
          'draftsPerSecond',
          'bigMisses',
          'bigMissesAmongLeastSure',
          'bigMissesAmongLeastSureShare',
        ]);
        expect(result.quotesNotVerbatim).toBe(0);
        expect(result.draftsPerSecond).toBeGreaterThan(0);
      }

      for (const [set, definition] of Object.entries(sets)) {
        const pool = seededSample(
          essays.filter((essay) => essay.set === set),
          30,
          `${set}:sample`,
        );
        const poolIds = new Set(pool.map((essay) => essay.id));
        for (const draw of [1, 2]) {
          const graded = new Set(
            seededShuffle(pool, `${set}:draw:${draw}`)
              .slice(0, 10)
              .map((essay) => essay.id),
          );
          const predicted = output.predictions.filter(
            (item: { set: string; k: number; draw: number }) => item.set === set && item.k === 10 && item.draw === draw,
          );
          // The teacher's graded work of the draw is left out; every other essay of the sample is drafted once.
          expect(predicted).toHaveLength(20);
          for (const item of predicted) {
            expect(poolIds.has(item.essayId)).toBe(true);
            expect(graded.has(item.essayId)).toBe(false);
            expect(Number.isInteger(item.grade)).toBe(true);
            expect(item.grade).toBeGreaterThanOrEqual(definition.min_score);
            expect(item.grade).toBeLessThanOrEqual(definition.max_score);
          }
        }
        expect(
          output.predictions.filter((item: { set: string; k: number }) => item.set === set && item.k === 0),
        ).toHaveLength(30);
      }
    },
    180_000,
  );

  it('with --rubric, drafts the sets’ rubrics and reports per criterion against the even split and a second rater', async () => {
    const rubricFolder = mkdtempSync(path.join(tmpdir(), 'margin-eval-rubric-'));
    try {
      const criteria = [
        {
          name: 'Ideas',
          min: 1,
          max: 4,
          description: 'What the story is about and how fully it is told.',
          ratings: [4, 3, 2, 1].map((points) => ({ points, description: `Ideas at level ${points}.` })),
        },
        {
          name: 'Conventions',
          min: 1,
          max: 4,
          description: 'Spelling, punctuation and grammar.',
          ratings: [4, 3, 2, 1].map((points) => ({ points, description: `Conventions at level ${points}.` })),
        },
      ];
      writeFileSync(
        path.join(rubricFolder, 'sets.json'),
        JSON.stringify({ story: { ...sets.narrative, min_score: 2, max_score: 8, criteria } }),
      );
      const random = createRandom(9);
      const rows = ['essay_id\tessay_set\tessay\tscore\tc:Ideas\tc:Conventions\tr2:Conventions'];
      for (let index = 0; index < 30; index += 1) {
        const level = (['strong', 'average', 'weak'] as const)[index % 3]!;
        const text = essayToText(writeEssay(random, 'narrative', level)).replace(/\s+/g, ' ');
        const ideas = { strong: 4, average: 3, weak: 1 }[level];
        const conventions = { strong: 3, average: 3, weak: 2 }[level] + (index % 2);
        rows.push([500 + index, 'story', text, ideas + conventions, ideas, conventions, conventions].join('\t'));
      }
      writeFileSync(path.join(rubricFolder, 'essays.tsv'), `${rows.join('\n')}\n`);
      const jsonFile = path.join(rubricFolder, 'out.json');
      const { stdout } = await evalDrafts([
        '--data',
        rubricFolder,
        '--rubric',
        '--draws',
        '2',
        '--k',
        '0,10',
        '--json',
        jsonFile,
      ]);
      expect(stdout).toMatch(/\| set \| k \| criterion \| draws \| drafts \| QWK \| even split QWK \|/);
      expect(stdout).toMatch(/\| story \| 10 \| Conventions \| 2 \| 40 \|/);
      expect(stdout).toMatch(/\| mean \| 10 \| \*mean\* \|/);

      const output = JSON.parse(readFileSync(jsonFile, 'utf8'));
      const conventions = output.results.find(
        (row: { k: number; criterion: string }) => row.k === 0 && row.criterion === 'Conventions',
      );
      expect(Object.keys(conventions)).toEqual([
        'set',
        'k',
        'criterion',
        'qwk',
        'exact',
        'adjacent',
        'evenSplitQwk',
        'partialCorrelation',
        'humanHumanQwk',
      ]);
      // The second rater's scores here are the first's.
      expect(conventions.humanHumanQwk).toBe(1);
      expect(output.results.find((row: { criterion: string }) => row.criterion === 'Ideas').humanHumanQwk).toBeNull();
      expect(output.totals.every((row: { quotesNotVerbatim: number }) => row.quotesNotVerbatim === 0)).toBe(true);
      const predictions = output.predictions.filter(
        (item: { k: number; draw: number }) => item.k === 10 && item.draw === 2,
      );
      expect(predictions).toHaveLength(20);
      for (const prediction of predictions) {
        expect(Object.keys(prediction.criteria).sort()).toEqual(['Conventions', 'Ideas']);
        expect(prediction.total).toBe(prediction.criteria.Ideas + prediction.criteria.Conventions);
        for (const points of Object.values(prediction.criteria) as number[]) {
          expect(points).toBeGreaterThanOrEqual(0);
          expect(points).toBeLessThanOrEqual(4);
        }
      }
    } finally {
      rmSync(rubricFolder, { recursive: true, force: true });
    }
  }, 180_000);

  it('stops with the reason and the usage for input it cannot use', async () => {
    await expect(evalDrafts([])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--data DIR is required[\s\S]*Usage: npm run eval:drafts/),
    });
    await expect(evalDrafts(['--data', path.join(folder, 'missing')])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/ENOENT.*essays\.tsv/),
    });
    await expect(evalDrafts(['--data', folder, '--sets', 'nine'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/sets that sets.json does not have: nine/),
    });
  }, 120_000);
});
