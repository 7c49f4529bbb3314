import { describe, expect, it } from 'vitest';
import { describeConfidence, measureUncertainty } from './draft-confidence';
import type { FeatureEffect } from './fit-scale-model';
import type { FeatureKey } from './essay-features';

function effects(z: Partial<Record<FeatureKey, number>>): FeatureEffect[] {
  return Object.entries(z).map(([key, relativeToClass]) => ({
    key: key as FeatureKey,
    name: key,
    value: '',
    score: 0,
    relativeToClass,
    points: 0,
  }));
}

describe('how sure a draft grade is', () => {
  it('is less sure when length and development say more than the coverage of the topic does', () => {
    const agreeing = effects({ length: 1, development: 1, topicCoverage: 1, topicFocus: 1 });
    const disagreeing = effects({ length: 1.5, development: 1.5, topicCoverage: -1, topicFocus: -1 });
    expect(measureUncertainty(disagreeing, 8, 10)).toBeGreaterThan(measureUncertainty(agreeing, 8, 10));
  });

  it('is less sure in the middle of the scale than at its ends', () => {
    const same = effects({ length: 0, topicCoverage: 0 });
    expect(measureUncertainty(same, 5, 10)).toBeGreaterThan(measureUncertainty(same, 9.5, 10));
    expect(measureUncertainty(same, 5, 10)).toBeGreaterThan(measureUncertainty(same, 0.5, 10));
  });

  it('says "likely within one point" when the graded work as hard to call was drafted that close', () => {
    const checks = Array.from({ length: 9 }, (_, index) => ({ uncertainty: index / 10, error: 0 }));
    const confidence = describeConfidence({
      uncertainty: 0.1,
      checks,
      classUncertainties: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
      tolerance: 1,
    });
    expect(confidence.level).toBe('sure');
    expect(confidence.words).toBe('Likely within one point of your grade');
    expect(confidence).toMatchObject({ alikeChecked: 5, alikeWithin: 5 });
  });

  it('says it is unsure when the graded work as hard to call was often missed by more', () => {
    const checks = [
      ...Array.from({ length: 6 }, () => ({ uncertainty: 0.1, error: 0 })),
      ...Array.from({ length: 6 }, () => ({ uncertainty: 1.2, error: 3 })),
    ];
    const confidence = describeConfidence({ uncertainty: 1.2, checks, classUncertainties: [], tolerance: 1 });
    expect(confidence.level).toBe('unsure');
    expect(confidence.words).toBe('Unsure: may be off by more than one point');
    expect(confidence).toMatchObject({ alikeChecked: 5, alikeWithin: 0 });
  });

  it('claims no rate below five grades: it compares the draft with the class instead', () => {
    const classUncertainties = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];
    const least = describeConfidence({ uncertainty: 1, checks: [], classUncertainties, tolerance: 1 });
    expect(least).toMatchObject({ level: 'unsure', alikeChecked: null });
    expect(least.words).toBe('Unsure: among the least sure drafts of this class');
    const usual = describeConfidence({ uncertainty: 0.2, checks: [], classUncertainties, tolerance: 1 });
    expect(usual.level).toBe('fairly-sure');
  });
});
