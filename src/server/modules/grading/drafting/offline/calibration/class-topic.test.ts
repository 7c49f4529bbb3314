import { describe, expect, it } from 'vitest';
import { relateToClass } from './class-topic';
import { loadEnglishSpeller } from './english-speller';
import { createFeatureContext, extractEssayFeatures, FEATURE_KEYS, type EssayFeatures } from './essay-features';
import { fitScaleModel } from './fit-scale-model';

const assignment =
  'Describe the obstacles the builders of the Empire State Building faced in letting dirigibles dock there.';

const onTopic = [
  'The builders faced obstacles with the wind, because the dirigibles would swing around the mooring mast in the wind.',
  'The wind at the top was dangerous, and the law did not allow dirigibles to fly low over the city, so the mast was useless.',
  'Dirigibles could not dock because the wind was too strong and the law said they could not fly so low over the city.',
  'One obstacle was the wind. Another was the law about flying over the city. The mast had to be made stronger too.',
  'The frame of the building had to be made stronger for the mast, and the wind and the law were obstacles for the dirigibles.',
  'The builders had to change the frame of the building. Wind and the law against low flying made docking unsafe.',
];
// About as long as the others, but about something else.
const offTopic =
  'My favourite holiday was a trip to the seaside with my cousins, where we swam, ate ice cream and played football on the sand.';

async function measureAll(texts: string[]): Promise<EssayFeatures[]> {
  const context = createFeatureContext(assignment, await loadEnglishSpeller());
  return texts.map((text) => extractEssayFeatures(text, context));
}

type ClassKey = 'topicCoverage' | 'topicFocus';
const valueOf = (features: EssayFeatures, key: ClassKey) => features.vector[FEATURE_KEYS.indexOf(key)]!;
const readingOf = (features: EssayFeatures, key: ClassKey) =>
  features.readings.find((reading) => reading.key === key)!.value;

describe('features measured against the class', () => {
  it('credits the words other students also use, and closeness to what they write about', async () => {
    const measured = await measureAll([...onTopic, offTopic]);
    const related = measured.map(relateToClass(measured));
    const onTopicWork = related[0]!;
    const offTopicWork = related[related.length - 1]!;
    expect(valueOf(onTopicWork, 'topicCoverage')).toBeGreaterThan(valueOf(offTopicWork, 'topicCoverage'));
    expect(valueOf(onTopicWork, 'topicFocus')).toBeGreaterThan(valueOf(offTopicWork, 'topicFocus'));
    expect(readingOf(onTopicWork, 'topicCoverage')).toMatch(/^\d+ content words? that other students also use$/);
    expect(readingOf(offTopicWork, 'topicCoverage')).toBe('0 content words that other students also use');
    expect(readingOf(offTopicWork, 'topicFocus')).toBe('content words 0% alike to the rest of the class');
  });

  it('compares a member of the class with the others only, and outside work with the whole class', async () => {
    const measured = await measureAll([...onTopic, offTopic]);
    const relate = relateToClass(measured);
    // The off-topic essay is not its own company: none of its words count as the class's topic.
    expect(valueOf(relate(measured[measured.length - 1]!), 'topicCoverage')).toBe(0);
    // Work from outside the class is compared with all of it: an off-topic essay that shares a few
    // words with the one in the class finds those words there.
    const [outside] = await measureAll([
      'We played football on the sand by the seaside every summer holiday, with my brother.',
    ]);
    expect(valueOf(relate(outside!), 'topicCoverage')).toBeGreaterThan(0);
  });

  it('does not count the same submission, measured apart, as another student who wrote it', async () => {
    const measured = await measureAll([...onTopic, offTopic]);
    const relate = relateToClass(measured);
    const member = relate(measured[measured.length - 1]!);
    // The same work measured again (a separate measurement, one word different) gets the same
    // comparison as the class's own copy.
    const [again] = await measureAll([offTopic.replace('cousins', 'friends')]);
    const apart = relate(again!);
    expect(valueOf(apart, 'topicCoverage')).toBe(valueOf(member, 'topicCoverage'));
    expect(valueOf(apart, 'topicFocus')).toBeCloseTo(valueOf(member, 'topicFocus'), 1);
  });

  it('ranks on-topic work above off-topic work of about the same length when there are no grades', async () => {
    const measured = await measureAll([...onTopic, offTopic]);
    const model = fitScaleModel({ pointsPossible: 10, classFeatures: measured, graded: [] });
    const offTopicWork = measured[measured.length - 1]!;
    const similarLength = measured
      .slice(0, -1)
      .filter((features) => Math.abs(features.wordCount - offTopicWork.wordCount) <= 3);
    expect(similarLength.length).toBeGreaterThan(0);
    for (const features of similarLength)
      expect(model.predict(features).unrounded).toBeGreaterThan(model.predict(offTopicWork).unrounded);
  });

  it('leaves features measured without their words as they are', () => {
    const bare: EssayFeatures = { wordCount: 10, vector: FEATURE_KEYS.map(() => 1), readings: [] };
    expect(relateToClass([bare])(bare)).toBe(bare);
  });
});
