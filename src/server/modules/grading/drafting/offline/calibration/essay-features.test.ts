import { describe, expect, it } from 'vitest';
import { loadEnglishSpeller } from './english-speller';
import { createFeatureContext, extractEssayFeatures, FEATURE_KEYS, stemWord, type FeatureKey } from './essay-features';

const assignment =
  'Read the excerpt about the Mooring Mast. Describe the obstacles the builders faced when they tried to let dirigibles dock on the building.';

async function measure(text: string) {
  const context = createFeatureContext(assignment, await loadEnglishSpeller());
  const features = extractEssayFeatures(text, context);
  const reading = (key: FeatureKey) => features.readings.find((item) => item.key === key)!;
  return { features, reading };
}

describe('essay features', () => {
  it('gives every feature a teacher-readable name and value, and the model a number for each', async () => {
    const { features } = await measure('The builders faced many obstacles. For example, the wind was dangerous.');
    expect(features.readings.map((reading) => reading.key)).toEqual([...FEATURE_KEYS]);
    expect(features.vector).toHaveLength(FEATURE_KEYS.length);
    for (const reading of features.readings) {
      expect(reading.name).toMatch(/^[A-Z]/);
      expect(reading.value.length).toBeGreaterThan(3);
      expect(Number.isFinite(reading.score)).toBe(true);
    }
  });

  it('counts words, finds misspellings and names them, and ignores tags and placeholders', async () => {
    const { features, reading } = await measure(
      'The bilders had alot of obstacles becuase of the wind. @PERSON1 said the dirigibles could not dock. [STUDENT_NAME] agreed with Saeng.',
    );
    expect(features.wordCount).toBe(21);
    expect(reading('spelling').value).toMatch(/^3 of \d+ words not in the dictionary \(bilders, alot, becuase\)$/);
    expect(reading('length').value).toBe('21 words');
  });

  it('accepts the assignment’s own words (names, terms) as correctly spelled', async () => {
    const { reading } = await measure('The mooring mast was for dirigibles.');
    expect(reading('spelling').value).toMatch(/^0 of/);
  });

  it('credits linking words, evidence and use of the assignment’s words', async () => {
    const plain = await measure('I like the building. It is tall. It was built.');
    const developed = await measure(
      'The builders faced obstacles. For example, the wind at the top was dangerous. However, the law also forbade dirigibles from docking over the city, so the mast was never used. According to the excerpt, “the winds on top of the building were constantly shifting.”',
    );
    for (const key of ['organisation', 'evidence', 'sourceUse', 'development', 'length'] as const) {
      expect(developed.reading(key).score, key).toBeGreaterThan(plain.reading(key).score);
    }
    expect(developed.reading('organisation').value).toMatch(/for example/);
  });

  it('counts capitals and punctuation slips against conventions', async () => {
    const clean = await measure('The wind was strong. The mast was tall. It was never used for docking.');
    const sloppy = await measure('the wind was strong. i think the mast was tall. it was never used for docking');
    expect(sloppy.reading('conventions').score).toBeLessThan(clean.reading('conventions').score);
    expect(sloppy.reading('conventions').value).toMatch(/^[4-9] slips/);
  });

  it('copes with empty text', async () => {
    const { features } = await measure('');
    expect(features.wordCount).toBe(0);
    expect(features.vector.every((value) => Number.isFinite(value))).toBe(true);
  });

  it('stems plurals and verb forms to one word', () => {
    expect(stemWord('obstacles')).toBe(stemWord('obstacle'));
    expect(stemWord('docking')).toBe('dock');
    expect(stemWord('libraries')).toBe('library');
  });

  it('gives rubric criteria finer measures of their own: errors, sentence variety, word choice', async () => {
    const careless = (await measure('i dont think so. they cant dock there. its to windy and im sure of it. the end'))
      .features.profile!;
    const careful = (await measure("I don't think so. They can't dock there. It is too windy, and I am sure of it."))
      .features.profile!;
    expect(careless.errorRate).toBeLessThan(careful.errorRate);

    const choppy = (await measure('The wind blew. The mast shook. The ship swung. The men waited. The plan failed.'))
      .features.profile!;
    const varied = (
      await measure(
        'When the wind rose over the city, the mast shook. Nobody could hold a swinging airship steady for long, so the builders waited. Eventually the plan failed.',
      )
    ).features.profile!;
    expect(varied.sentenceStarts).toBeGreaterThan(choppy.sentenceStarts);
    expect(varied.lengthVariety).toBeGreaterThan(choppy.lengthVariety);
    expect(varied.wordLength).toBeGreaterThan(choppy.wordLength);

    // Different words per 50, so repeating the same text does not change its diversity much.
    const once = 'The builders faced dangerous winds, strict laws and hydrogen that could burn over a crowded city. ';
    const short = (await measure(once.repeat(4))).features.profile!.lexicalDiversity;
    const long = (await measure(once.repeat(12))).features.profile!.lexicalDiversity;
    expect(Math.abs(short - long)).toBeLessThan(0.1);
  });
});
