import { describe, expect, it } from 'vitest';
import { mean, quadraticWeightedKappa, standardDeviation } from './agreement';
import { FEATURE_KEYS, FEATURE_NAMES, type EssayFeatures, type FeatureKey } from './essay-features';
import {
  agreementTolerance,
  describeAgreement,
  describeBasis,
  fitScaleModel,
  PRIOR_DISTRIBUTION,
  PRIOR_WEIGHTS,
} from './fit-scale-model';
import { createSeededRandom, seededShuffle } from '../../../../../../../scripts/eval-drafts/seeded-draws';

/**
 * Synthetic classes: each essay has a latent quality and a spelling skill; every feature reflects
 * quality (length and development most), spelling reflects the spelling skill. Teachers grade from
 * these with their own level, spread and emphasis, plus disagreement noise.
 */
type SyntheticEssay = { features: EssayFeatures; quality: number; spelling: number };

const LOADINGS: Record<FeatureKey, number> = {
  length: 0.85,
  development: 0.85,
  organisation: 0.5,
  sourceUse: 0.7,
  evidence: 0.4,
  vocabulary: 0.35,
  sentenceVariety: 0.3,
  spelling: 0.25,
  conventions: 0.2,
  topicCoverage: 0.8,
  topicFocus: 0.5,
};

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function featuresFrom(vector: number[]): EssayFeatures {
  return {
    wordCount: Math.round(Math.expm1(vector[0]!)),
    vector,
    readings: FEATURE_KEYS.map((key, j) => ({
      key,
      name: FEATURE_NAMES[key],
      value: vector[j]!.toFixed(2),
      score: vector[j]!,
    })),
  };
}

function syntheticClass(size: number, seed: number): SyntheticEssay[] {
  const random = createSeededRandom(seed);
  return Array.from({ length: size }, () => {
    const quality = normal(random);
    const spelling = normal(random);
    const vector = FEATURE_KEYS.map((key) => {
      const loading = LOADINGS[key];
      const signal = key === 'spelling' ? 0.5 * quality + 0.85 * spelling : loading * quality;
      const noise = Math.sqrt(Math.max(0.05, 1 - loading ** 2)) * normal(random);
      // Roughly the units of real features: log counts around 3-5, shares around 0.15.
      return key === 'vocabulary' ? 0.15 + 0.04 * (signal + noise) : 4 + 0.5 * (signal + noise);
    });
    return { features: featuresFrom(vector), quality, spelling };
  });
}

type Teacher = (essay: SyntheticEssay, noise: number) => number;

function gradeOn(pointsPossible: number, share: number): number {
  return Math.min(pointsPossible, Math.max(0, Math.round(share * pointsPossible)));
}

/** Mean QWK of the drafts of the ungraded essays over several draws of k graded ones. */
function agreementAt(k: number, teacher: Teacher, pointsPossible: number, seed: number, draws = 12) {
  const results: number[] = [];
  const learned: boolean[] = [];
  for (let draw = 0; draw < draws; draw += 1) {
    const essays = syntheticClass(80, seed * 100 + draw);
    const random = createSeededRandom(seed * 1000 + draw);
    const teacherGrades = essays.map((essay) => teacher(essay, normal(random)));
    const order = seededShuffle(
      essays.map((_, index) => index),
      `draw ${seed} ${draw}`,
    );
    const graded = order.slice(0, k);
    const rest = order.slice(30);
    const model = fitScaleModel({
      pointsPossible,
      classFeatures: essays.map((essay) => essay.features),
      graded: graded.map((index) => ({ features: essays[index]!.features, grade: teacherGrades[index]! })),
    });
    learned.push(model.basis.isFeatureWeightingLearned);
    results.push(
      quadraticWeightedKappa(
        rest.map((index) => model.predict(essays[index]!.features).grade),
        rest.map((index) => teacherGrades[index]!),
      ),
    );
  }
  return { qwk: mean(results), learnedShare: mean(learned.map(Number)) };
}

describe('the scale model without grades (the prior)', () => {
  const essays = syntheticClass(60, 1);
  const model = fitScaleModel({ pointsPossible: 10, classFeatures: essays.map((essay) => essay.features), graded: [] });
  const predictions = essays.map((essay) => model.predict(essay.features));

  it('spreads the class over a plausible distribution instead of bunching it', () => {
    const grades = predictions.map((prediction) => prediction.grade);
    expect(mean(grades)).toBeCloseTo(PRIOR_DISTRIBUTION.meanShare * 10, 0);
    expect(standardDeviation(grades)).toBeGreaterThan(0.8 * PRIOR_DISTRIBUTION.spreadShare * 10);
    expect(standardDeviation(grades)).toBeLessThan(1.2 * PRIOR_DISTRIBUTION.spreadShare * 10);
    expect(new Set(grades).size).toBeGreaterThanOrEqual(5);
    expect(grades.every((grade) => Number.isInteger(grade) && grade >= 0 && grade <= 10)).toBe(true);
  });

  it('ranks by the prior blend of features: more of every feature never lowers the grade', () => {
    const base = essays[0]!.features.vector;
    const better = featuresFrom(base.map((value, j) => value + (PRIOR_WEIGHTS[FEATURE_KEYS[j]!] > 0 ? 0.3 : 0)));
    expect(model.predict(better).unrounded).toBeGreaterThan(model.predict(featuresFrom(base)).unrounded);
    const order = [...predictions].sort((a, b) => a.unrounded - b.unrounded);
    for (let index = 1; index < order.length; index += 1)
      expect(order[index]!.grade).toBeGreaterThanOrEqual(order[index - 1]!.grade);
  });

  it('explains each grade: the feature effects add up to the distance from the class average', () => {
    const classAverage = mean(predictions.map((prediction) => prediction.unrounded));
    for (const prediction of predictions.slice(0, 10)) {
      const total = prediction.effects.reduce((sum, effect) => sum + effect.points, 0);
      expect(total).toBeCloseTo(prediction.unrounded - classAverage, 6);
      expect(prediction.effects.map((effect) => effect.key)).toEqual([...FEATURE_KEYS]);
    }
  });

  it('says what the draft rests on, and shows no agreement figure without grades', () => {
    expect(model.basis).toEqual({ gradesLearnedFrom: 0, classSize: 60, isFeatureWeightingLearned: false });
    expect(model.agreement).toBeNull();
    expect(describeBasis(model.basis)).toMatch(/No grades of yours .* class \(60 submissions\)/);
  });

  it('copes with a class of one and with a uniform class', () => {
    const single = syntheticClass(1, 2)[0]!.features;
    expect(fitScaleModel({ pointsPossible: 20, classFeatures: [single], graded: [] }).predict(single).grade).toBe(
      Math.round(PRIOR_DISTRIBUTION.meanShare * 20),
    );
    const uniform = Array.from({ length: 5 }, () => single);
    const uniformModel = fitScaleModel({
      pointsPossible: 20,
      classFeatures: uniform,
      graded: [
        { features: single, grade: 17 },
        { features: single, grade: 17 },
      ],
    });
    expect(uniformModel.predict(single).grade).toBeGreaterThanOrEqual(15);
  });
});

describe('the scale model learns the teacher’s scale from their grades', () => {
  it('takes the level and grade step from the teacher’s grades', () => {
    const essays = syntheticClass(40, 3);
    const graded = essays
      .slice(0, 12)
      .map((essay) => ({ features: essay.features, grade: 18 + Math.round(essay.quality) / 2 }));
    const model = fitScaleModel({ pointsPossible: 20, classFeatures: essays.map((essay) => essay.features), graded });
    const grades = essays.slice(12).map((essay) => model.predict(essay.features).grade);
    // The prior alone would centre them on 13 of 20.
    expect(mean(grades)).toBeGreaterThan(16);
    expect(model.gradeStep).toBe(0.5);
    expect(grades.every((grade) => grade <= 20 && Number.isInteger(grade * 2))).toBe(true);
    expect(model.basis.gradesLearnedFrom).toBe(12);
  });

  it('reports cross-validated agreement from 3 grades on, in the teacher’s words', () => {
    const essays = syntheticClass(40, 4);
    const teacher = (essay: SyntheticEssay) => gradeOn(10, 0.7 + 0.15 * essay.quality);
    const few = fitScaleModel({
      pointsPossible: 10,
      classFeatures: essays.map((essay) => essay.features),
      graded: essays.slice(0, 2).map((essay) => ({ features: essay.features, grade: teacher(essay) })),
    });
    expect(few.agreement).toBeNull();
    const model = fitScaleModel({
      pointsPossible: 10,
      classFeatures: essays.map((essay) => essay.features),
      graded: essays.slice(0, 10).map((essay) => ({ features: essay.features, grade: teacher(essay) })),
    });
    const agreement = model.agreement!;
    expect(agreement.checked).toBe(10);
    expect(agreement.tolerance).toBe(1);
    expect(agreement.exact).toBeLessThanOrEqual(agreement.withinTolerance);
    expect(agreement.withinTolerance).toBeGreaterThanOrEqual(6);
    expect(describeAgreement(agreement)).toBe(
      `Within 1 point of your grade on ${agreement.withinTolerance} of 10 you graded (each checked by a fit that did not see it).`,
    );
    expect(describeBasis(model.basis)).toMatch(/^Learned your scale from 10 of your grades/);
  });

  it('scales the agreement tolerance with the points: 1 point, or 5% of them', () => {
    expect(agreementTolerance(4)).toBe(1);
    expect(agreementTolerance(30)).toBe(1.5);
    expect(agreementTolerance(100)).toBe(5);
  });
});

describe('examples never make agreement worse', () => {
  // A teacher whose level the prior does not know: grades centred on 85% of the points.
  const generousTeacher: Teacher = (essay, noise) => gradeOn(4, 0.85 + 0.12 * (0.8 * essay.quality + 0.6 * noise));
  // A teacher who grades the way the prior assumes (level, spread and emphasis).
  const typicalTeacher: Teacher = (essay, noise) => gradeOn(6, 0.65 + 0.22 * (0.8 * essay.quality + 0.6 * noise));
  // A teacher who cares about spelling far more than the prior does.
  const spellingTeacher: Teacher = (essay, noise) =>
    gradeOn(10, 0.7 + 0.18 * (0.35 * essay.quality + 0.85 * essay.spelling + 0.4 * noise));
  // A teacher whose grades have nothing to do with the features.
  const arbitraryTeacher: Teacher = (_, noise) => gradeOn(10, 0.7 + 0.15 * noise);

  // A teacher with a narrow, low scale: grades centred on 55% of the points, little spread.
  const narrowTeacher: Teacher = (essay, noise) => gradeOn(6, 0.55 + 0.12 * (0.8 * essay.quality + 0.6 * noise));

  // The same drafted essays at every k (the 50 never drawn as graded), over 40 classes: 10 and 30
  // of the teacher's grades agree with the teacher at least as well as none did, whether the prior
  // has the teacher's level wrong, the spread wrong, or the emphasis wrong. (Where it has all three
  // exactly right, see the next test.)
  it.each([
    ['generous', generousTeacher, 4],
    ['narrow and low', narrowTeacher, 6],
    ['spelling-minded', spellingTeacher, 10],
  ] as const)('10 and 30 grades agree at least as well as none (a %s teacher)', (_, teacher, points) => {
    const k0 = agreementAt(0, teacher, points, 21, 40).qwk;
    const k10 = agreementAt(10, teacher, points, 21, 40).qwk;
    const k30 = agreementAt(30, teacher, points, 21, 40).qwk;
    expect(k10).toBeGreaterThanOrEqual(k0);
    expect(k30).toBeGreaterThanOrEqual(k10);
  });

  it('learns a level the prior does not know', () => {
    const k0 = agreementAt(0, generousTeacher, 4, 11).qwk;
    const k10 = agreementAt(10, generousTeacher, 4, 11).qwk;
    const k30 = agreementAt(30, generousTeacher, 4, 11).qwk;
    expect(k10).toBeGreaterThan(k0 + 0.05);
    expect(k30).toBeGreaterThan(k10 - 0.02);
  });

  // Ten grades estimate a level and a spread with some noise; when the prior had them exactly right
  // that noise is all they add. The cost stays small, and vanishes as grades accumulate.
  it('costs little where the prior was already right', () => {
    const k0 = agreementAt(0, typicalTeacher, 6, 12, 30).qwk;
    expect(k0).toBeGreaterThan(0.55);
    expect(agreementAt(10, typicalTeacher, 6, 12, 30).qwk).toBeGreaterThan(k0 - 0.04);
    expect(agreementAt(30, typicalTeacher, 6, 12, 30).qwk).toBeGreaterThan(k0 - 0.02);
  });

  it('learns the teacher’s own weighting of the features when the grades clearly show it', () => {
    const k0 = agreementAt(0, spellingTeacher, 10, 13);
    const k30 = agreementAt(30, spellingTeacher, 10, 13);
    // Own weights are adopted only when leave-one-out shows a clear gain (a quarter less error):
    // on real essays, weights learned from 10-30 grades more often cost agreement than gained it.
    expect(k30.learnedShare).toBeGreaterThan(0.3);
    expect(k30.qwk).toBeGreaterThan(k0.qwk + 0.05);
  });

  it('does not chase grades that follow no feature', () => {
    const k10 = agreementAt(10, arbitraryTeacher, 10, 14);
    const k30 = agreementAt(30, arbitraryTeacher, 10, 14);
    expect(k10.learnedShare).toBeLessThan(0.3);
    expect(k30.learnedShare).toBeLessThan(0.3);
  });
});
