/**
 * Sets the drift guard's threshold from human-scored essays (decision 060). For classes of 30
 * essays drawn from each set, the first k are "her earlier grades" (the resolved human score); the
 * scale model the offline engine uses is fitted on them, and each of the other essays is placed on
 * that scale. For each candidate share of the points it reports how often a consistent grader's own
 * grade (the resolved score) would get a note (false alarms), and how often a grade moved by half
 * the scale would (caught).
 *
 *   npx tsx scripts/measure-drift.ts --data ../shared/data/essays-dev [--draws 12]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnglishSpeller } from '@/server/modules/grading/drafting/offline/calibration/english-speller';
import { createFeatureMeasurer } from '@/server/modules/grading/drafting/offline/calibration/create-scale-engine';
import { fitScaleModel } from '@/server/modules/grading/drafting/offline/calibration/fit-scale-model';
import {
  DRIFT_LEFT_OUT_FACTOR,
  MIN_GRADES_FOR_DRIFT,
} from '@/server/modules/grading/drafting/offline/calibration/drift-check';
import { parseEssaysTsv, parseSetsJson } from './eval-drafts/read-essay-data';
import { seededSample } from './eval-drafts/seeded-draws';

const { values } = parseArgs({
  options: { data: { type: 'string' }, draws: { type: 'string', default: '12' } },
  strict: true,
});
if (!values.data) throw new Error('--data DIR is required');
const draws = Number(values.draws);
const essays = parseEssaysTsv(readFileSync(path.join(values.data, 'essays.tsv'), 'utf8'));
const sets = parseSetsJson(readFileSync(path.join(values.data, 'sets.json'), 'utf8'));
const speller = await loadEnglishSpeller();
const CLASS_SIZE = 30;
const KS = [MIN_GRADES_FOR_DRIFT, 10, 20];
const SHARES = [0, 0.2, 0.25, 0.3, 0.35, 0.4];

type Case = { gapShare: number; movedGapShare: number; rmsShare: number };
const cases = new Map<number, Case[]>();
for (const set of sets) {
  const inSet = essays.filter((essay) => essay.set === set.id);
  const measurer = createFeatureMeasurer([set.prompt, set.source ?? '', set.rubric ?? ''].join('\n\n'), speller);
  const points = set.maxScore;
  for (let draw = 0; draw < draws; draw += 1) {
    const classroom = seededSample(inSet, CLASS_SIZE, `drift:${set.id}:${draw}`);
    const features = classroom.map((essay) => measurer.measure(essay.text));
    for (const k of KS) {
      const model = fitScaleModel({
        pointsPossible: points,
        classFeatures: features,
        graded: classroom.slice(0, k).map((essay, index) => ({ features: features[index]!, grade: essay.score })),
      });
      const errors = model.leftOut.map((check) => check.error);
      const rms = Math.sqrt(errors.reduce((total, error) => total + error ** 2, 0) / Math.max(1, errors.length));
      const list = cases.get(k) ?? [];
      classroom.slice(k).forEach((essay, offset) => {
        const predicted = model.predict(features[k + offset]!).unrounded;
        const range = set.maxScore - set.minScore;
        const moved = essay.score - set.minScore < range / 2 ? essay.score + range / 2 : essay.score - range / 2;
        list.push({
          gapShare: Math.abs(essay.score - predicted) / points,
          movedGapShare: Math.abs(moved - predicted) / points,
          rmsShare: rms / points,
        });
      });
      cases.set(k, list);
    }
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
console.info(`sets ${sets.map((set) => set.id).join(', ')}; ${draws} classes of ${CLASS_SIZE} per set`);
console.info('k\tshare\tfactor\tnotes on her own grades\tnotes on grades moved by half the scale');
for (const k of KS) {
  const list = cases.get(k)!;
  for (const factor of [0, 1.5, DRIFT_LEFT_OUT_FACTOR, 2.5]) {
    for (const share of SHARES) {
      if (factor === 0 && share === 0) continue;
      const isFar = (gap: number, item: Case) => gap > Math.max(share, factor * item.rmsShare);
      const alarms = list.filter((item) => isFar(item.gapShare, item)).length;
      const caught = list.filter((item) => isFar(item.movedGapShare, item)).length;
      console.info(`${k}\t${share}\t${factor}\t${percent(alarms, list.length)}\t${percent(caught, list.length)}`);
    }
  }
}
