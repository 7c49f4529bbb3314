import { FEATURE_KEYS, type ClassFeatureKey, type EssayFeatures } from './essay-features';

/**
 * The features that compare a piece of work with the other submissions of its assignment. No
 * prompt has to be understood: what the class writes about is the topic.
 *
 * - Coverage of the topic: the different content words of the work that other students also use
 *   (at least 5% of the class, and at least one other student). A response that takes up more of
 *   what the class discusses covers more of the task; words nobody else uses (misspellings, asides)
 *   do not count.
 * - Focus on the topic: how closely the work's content words match those of the rest of the class
 *   (cosine similarity, each word weighted by how rare it is in the class, the work itself left
 *   out), so an essay that wanders off the task ranks lower than one of the same length that stays
 *   on it.
 *
 * Left out of the development prompts one at a time, these two lifted the prior's correlation with
 * the human score on the left-out prompt by 0.01-0.05 over the per-work features alone.
 */

const COVERAGE_SHARE = 0.05;

const COVERAGE_INDEX = FEATURE_KEYS.indexOf('topicCoverage');
const FOCUS_INDEX = FEATURE_KEYS.indexOf('topicFocus');

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

type ClassReading = { coverage: number; focus: number };

function withClassReading(features: EssayFeatures, reading: ClassReading): EssayFeatures {
  const values: Record<ClassFeatureKey, { score: number; value: string }> = {
    topicCoverage: {
      score: Math.log1p(reading.coverage),
      value: `${plural(reading.coverage, 'content word')} that other students also use`,
    },
    topicFocus: {
      score: reading.focus,
      value: `content words ${Math.round(reading.focus * 100)}% alike to the rest of the class`,
    },
  };
  const vector = [...features.vector];
  vector[COVERAGE_INDEX] = values.topicCoverage.score;
  vector[FOCUS_INDEX] = values.topicFocus.score;
  return {
    ...features,
    vector,
    readings: features.readings.map((item) =>
      item.key in values ? { ...item, ...values[item.key as ClassFeatureKey] } : item,
    ),
  };
}

function measureClass(stemSets: readonly (readonly string[])[]): ClassReading[] {
  const size = stemSets.length;
  const documentFrequency = new Map<string, number>();
  for (const stems of stemSets)
    for (const stem of stems) documentFrequency.set(stem, (documentFrequency.get(stem) ?? 0) + 1);
  const weight = new Map<string, number>();
  for (const [stem, count] of documentFrequency) weight.set(stem, Math.log(size / count));
  const centroid = new Map<string, number>();
  for (const stems of stemSets)
    for (const stem of stems) centroid.set(stem, (centroid.get(stem) ?? 0) + weight.get(stem)!);
  let centroidSquared = 0;
  for (const value of centroid.values()) centroidSquared += value * value;
  // Other students who must use a word for it to count as the class's topic.
  const othersNeeded = Math.max(1, Math.ceil(COVERAGE_SHARE * size) - 1);

  return stemSets.map((stems) => {
    let coverage = 0;
    let dot = 0;
    let ownSquared = 0;
    for (const stem of stems) {
      if (documentFrequency.get(stem)! - 1 >= othersNeeded) coverage += 1;
      const w = weight.get(stem)!;
      dot += centroid.get(stem)! * w;
      ownSquared += w * w;
    }
    // The rest of the class: the centroid without this work.
    const othersSquared = centroidSquared - 2 * dot + ownSquared;
    const focus =
      ownSquared > 0 && othersSquared > 1e-12 ? (dot - ownSquared) / Math.sqrt(othersSquared * ownSquared) : 0;
    return { coverage, focus };
  });
}

/** Work this alike (shared content words over all of both) is the same submission measured twice. */
const SAME_WORK_SIMILARITY = 0.8;

function similarity(a: ReadonlySet<string>, b: readonly string[]): number {
  if (a.size === 0 && b.length === 0) return 1;
  let shared = 0;
  for (const stem of b) if (a.has(stem)) shared += 1;
  return shared / (a.size + b.length - shared);
}

/**
 * Compares each piece of work with its class. Returns a function giving any work its class
 * features: a member of the class is compared with the others. Work from outside the class is
 * compared with the whole class, except that a submission of the class that is the same work
 * (its text measured apart, say with a name redacted differently) is left out rather than counted
 * as another student who wrote the same words. Work measured without its content words (tests'
 * synthetic features) is left as it is.
 */
export function relateToClass(classFeatures: readonly EssayFeatures[]): (features: EssayFeatures) => EssayFeatures {
  const members = classFeatures.filter((features) => features.contentStems !== undefined);
  const related = new Map<EssayFeatures, EssayFeatures>();
  const stemSets = members.map((features) => features.contentStems!);
  const readings = measureClass(stemSets);
  members.forEach((features, index) => related.set(features, withClassReading(features, readings[index]!)));
  let memberSets: Set<string>[] | null = null;
  return (features) => {
    if (!features.contentStems) return features;
    const known = related.get(features);
    if (known) return known;
    memberSets ??= stemSets.map((stems) => new Set(stems));
    let twin = -1;
    let closest = SAME_WORK_SIMILARITY;
    memberSets.forEach((set, index) => {
      const alike = similarity(set, features.contentStems!);
      if (alike >= closest) {
        closest = alike;
        twin = index;
      }
    });
    const others = twin >= 0 ? stemSets.filter((_, index) => index !== twin) : stemSets;
    const withIt = measureClass([...others, features.contentStems]);
    return withClassReading(features, withIt[withIt.length - 1]!);
  };
}
