import { createSpeller } from '@/server/modules/grading/drafting/offline/calibration/english-speller';
import {
  createFeatureContext,
  extractEssayFeatures,
} from '@/server/modules/grading/drafting/offline/calibration/essay-features';
import { fitScaleModel } from '@/server/modules/grading/drafting/offline/calibration/fit-scale-model';
import { createRandom } from '@/server/demo-canvas/random';
import { essayToText, writeEssay } from '@/server/demo-canvas/seed/essay-writer';
import { printTable } from './load';

function cpuMilliseconds<T>(work: () => T): { value: T; milliseconds: number } {
  const started = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(started);
  return { value, milliseconds: (used.user + used.system) / 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * The offline scale model's costs, in processor time (steadier than the clock on a shared machine):
 * loading the dictionary, measuring an essay, and fitting an assignment with leave-one-out agreement.
 */
export async function benchScaleModel(): Promise<void> {
  const { default: dictionary } = await import('dictionary-en');
  const decoder = new TextDecoder('utf-8');
  const aff = decoder.decode(dictionary.aff);
  const dic = decoder.decode(dictionary.dic);
  const loads = Array.from({ length: 5 }, () => cpuMilliseconds(() => createSpeller(aff, dic)));
  const speller = loads[0]!.value;

  const random = createRandom(3);
  const levels = ['strong', 'average', 'weak'] as const;
  const texts = Array.from({ length: 200 }, (_, index) =>
    essayToText(writeEssay(random, 'later-start', levels[index % 3]!)),
  );
  const context = createFeatureContext('Write a persuasive essay on whether school should start later.', speller);
  texts.forEach((text) => extractEssayFeatures(text, context));
  const measured = cpuMilliseconds(() => texts.map((text) => extractEssayFeatures(text, context)));
  const words = measured.value.reduce((total, features) => total + features.wordCount, 0);
  const classFeatures = measured.value;

  const fitWith = (graded: number) => {
    const runs = Array.from({ length: 7 }, () =>
      cpuMilliseconds(() =>
        fitScaleModel({
          pointsPossible: 20,
          classFeatures,
          graded: classFeatures
            .slice(0, graded)
            .map((features, index) => ({ features, grade: [18, 15, 11][index % 3]! })),
        }),
      ),
    );
    return median(runs.map((run) => run.milliseconds));
  };

  printTable('Offline scale model (processor time)', [
    [
      'dictionary-en load (parse 49,569 words)',
      `${median(loads.map((load) => load.milliseconds)).toFixed(0)} ms median of 5 (nspell: about 400 ms)`,
    ],
    [
      'features of one essay',
      `${(measured.milliseconds / texts.length).toFixed(2)} ms (${Math.round(words / texts.length)} words on average)`,
    ],
    ['fit, 30 graded of a class of 200 (held-out agreement included)', `${fitWith(30).toFixed(1)} ms`],
    ['fit, 100 graded of a class of 200', `${fitWith(100).toFixed(1)} ms`],
    ['fit, 200 graded of a class of 200 (a lecture’s capped sample)', `${fitWith(200).toFixed(1)} ms`],
  ]);
}
