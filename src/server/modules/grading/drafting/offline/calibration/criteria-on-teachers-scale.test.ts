import { describe, expect, it } from 'vitest';
import type { RubricCriterion } from '@/shared/schemas/ai';
import { FEATURE_KEYS, FEATURE_NAMES, PROFILE_KEYS, type FeatureKey, type ProfileKey } from './essay-features';
import type { ScalePrediction } from './fit-scale-model';
import { criterionKinds, rateCriteria, type ClassMember } from './criteria-on-teachers-scale';

function criterion(
  id: string,
  title: string,
  longDescription: string | null = null,
  levels = [4, 3, 2, 1],
): RubricCriterion {
  return {
    id,
    description: title,
    long_description: longDescription,
    points: Math.max(...levels),
    ratings: levels.map((points) => ({
      id: `${id}_${points}`,
      description: `Level ${points}`,
      long_description: '',
      points,
    })),
  };
}

/** A piece of the class: its grade on a 0..8 scale and its standing on each feature. */
function member(
  grade: number,
  standing: Partial<Record<FeatureKey, number>>,
  rubric: Record<string, number> | null = null,
): ClassMember {
  const prediction: ScalePrediction = {
    grade,
    unrounded: grade,
    effects: FEATURE_KEYS.map((key) => ({
      key,
      name: FEATURE_NAMES[key],
      value: '',
      score: 0,
      relativeToClass: standing[key] ?? 0,
      points: 0,
    })),
  };
  return { prediction, rubric };
}

/** A member with profile measures and content words too (what the measurer gives the criteria). */
function measured(
  grade: number,
  profile: Partial<Record<ProfileKey, number>>,
  rubric: Record<string, number> | null = null,
  contentStems: string[] = [],
  herGrade: number | null = null,
): ClassMember {
  return {
    ...member(grade, {}, rubric),
    grade: herGrade,
    features: {
      wordCount: 300,
      vector: FEATURE_KEYS.map(() => 0),
      readings: [],
      contentStems,
      profile: Object.fromEntries(PROFILE_KEYS.map((key) => [key, profile[key] ?? 0])) as Record<ProfileKey, number>,
    },
  };
}

describe('what a criterion is about', () => {
  it('is read from its title, else its description, else what most of its ratings name', () => {
    expect(criterionKinds(criterion('a', 'Conventions')).kinds).toEqual(['conventions']);
    expect(criterionKinds(criterion('a', 'Word Choice')).kinds).toEqual(['word choice']);
    expect(criterionKinds(criterion('a', 'Sentence Fluency')).kinds).toEqual(['sentence fluency']);
    expect(criterionKinds(criterion('a', 'Ideas and Content')).kinds).toEqual(['ideas and content']);
    expect(criterionKinds(criterion('a', 'Prompt Adherence')).kinds).toEqual(['prompt adherence']);
    expect(criterionKinds(criterion('a', 'Narrativity')).kinds).toEqual(['organization']);
    expect(criterionKinds(criterion('a', 'Language', 'Grammar, spelling and range of vocabulary.'))).toEqual({
      kinds: ['conventions', 'word choice'],
      from: 'description',
    });
    const byRatings = {
      ...criterion('a', 'Craft'),
      ratings: [4, 3, 2, 1].map((points) => ({
        id: `r${points}`,
        description: `Level ${points}`,
        long_description: points > 1 ? 'Paragraphs in a clear order.' : 'Little order.',
        points,
      })),
    };
    expect(criterionKinds(byRatings)).toEqual({ kinds: ['organization'], from: 'ratings' });
    expect(criterionKinds(criterion('a', 'Overall impression'))).toEqual({ kinds: [], from: 'none' });
  });
});

describe('rubric ratings from each criterion’s own evidence', () => {
  const conventions = criterion('conv', 'Conventions');
  const ideas = criterion('ideas', 'Ideas');
  const overall = criterion('overall', 'Overall impression');

  it('rates two works of the same standing apart on the criterion their evidence differs on', () => {
    // A class spread on the whole; the drafted work and the last one are equal on it, but only the first spells well.
    const classmates = [1, 2, 3, 4, 5, 6, 7].map((grade) =>
      member(grade, { length: grade - 4, development: grade - 4 }),
    );
    const careful = rateCriteria(
      [conventions, ideas],
      [
        member(5, { spelling: 2, conventions: 2, length: 1 }),
        ...classmates,
        member(5, { spelling: -2, conventions: -2, length: 1 }),
      ],
      8,
    );
    const careless = rateCriteria(
      [conventions, ideas],
      [
        member(5, { spelling: -2, conventions: -2, length: 1 }),
        ...classmates,
        member(5, { spelling: 2, conventions: 2, length: 1 }),
      ],
      8,
    );
    expect(careful[0]!.points).toBeGreaterThan(careless[0]!.points);
    expect(careful[1]!.points).toBe(careless[1]!.points);
    expect(careful[0]!.basis).toMatch(/^Conventions: \d of 4, judged as conventions \(from its title\)/);
  });

  it('says so when a criterion cannot be placed, and judges it from the whole', () => {
    const classmates = [1, 3, 5, 7].map((grade) => member(grade, {}));
    const [rating] = rateCriteria([overall], [member(7, { spelling: -3 }), ...classmates], 8);
    expect(rating!.basis).toMatch(/judged from the work as a whole/);
    expect(rating!.points).toBeGreaterThanOrEqual(3);
  });

  it('follows the level and spread of the teacher’s own ratings of the criterion, and says how often it agrees with her', () => {
    // The class sits in the middle of the scale on the whole, but she rates Conventions low on everything she graded.
    const graded = [2, 3, 4, 5, 6].map((grade) => member(grade, {}, { conv: 1, ideas: Math.round(grade / 2) }));
    const ungraded = [3, 4, 5].map((grade) => member(grade, {}));
    const without = rateCriteria(
      [conventions],
      [member(4, {}), ...ungraded, ...graded.map((item) => ({ ...item, rubric: null }))],
      8,
    );
    const withHers = rateCriteria([conventions, ideas], [member(4, {}), ...ungraded, ...graded], 8);
    expect(without[0]!.points).toBeGreaterThanOrEqual(3);
    expect(withHers[0]!.points).toBeLessThanOrEqual(2);
    expect(withHers[0]!.basis).toMatch(/level and spread follow your 5 ratings of it/);
    expect(withHers[0]!.trust).toBe('Conventions: within one rating of yours on 5 of 5.');
    expect(withHers[1]!.trust).toMatch(/^Ideas: within one rating of yours on \d of 5\.$/);
    expect(without[0]!.trust).toBeNull();
    // The criterion's row on the grading screen says the same, with a level.
    expect(withHers[0]!.sureness).toEqual({
      level: 'sure',
      words: 'Within one rating of yours on 5 of the 5 you rated.',
    });
    expect(without[0]!.sureness).toBeNull();
  });

  it('judges its agreement with her by placements that never saw the rating compared (leave-one-out)', () => {
    // Ten ratings that follow nothing the engine measures: a fit that keeps each rating in its own
    // sample agrees with all ten of them; placed by fits without it, each work lands near none.
    let seed = 7;
    const next = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rated = Array.from({ length: 48 }, () => {
      const grade = 1 + next() * 7;
      const spelling = next() * 4 - 2;
      return member(grade, { spelling, conventions: spelling }, { conv: 1 + Math.floor(next() * 4) });
    }).slice(38);
    const [rating] = rateCriteria([conventions], [member(4, {}), ...rated, member(3, {}), member(5, {})], 8);
    expect(rating!.basis).toMatch(/fitted on your 10 ratings/);
    expect(rating!.trust).toBe('Conventions: within one rating of yours on 2 of 10.');
    expect(rating!.sureness?.level).toBe('unsure');
  });

  it('fits how much a criterion’s own measure counts from ten of her ratings on', () => {
    // Her Conventions ratings follow spelling alone, not the whole.
    const graded = Array.from({ length: 12 }, (_, index) => {
      const spelling = (index % 4) - 1.5;
      return member(2 + (index % 5), { spelling, conventions: spelling }, { conv: Math.round(2.5 + spelling) });
    });
    const [careful] = rateCriteria(
      [conventions, ideas],
      [member(4, { spelling: 1.5, conventions: 1.5 }), ...graded],
      8,
    );
    const [careless] = rateCriteria(
      [conventions, ideas],
      [member(4, { spelling: -1.5, conventions: -1.5 }), ...graded],
      8,
    );
    expect(careful!.basis).toMatch(/fitted on your 12 ratings/);
    expect(careful!.points).toBeGreaterThan(careless!.points);
  });

  it('weighs each measure of its kind as her ratings follow it, once she has rated twenty', () => {
    // Her Organization ratings follow how varied the sentence starts are (a small part of its kind's
    // prior measure); the whole says nothing of it.
    const organization = criterion('org', 'Organization');
    const graded = Array.from({ length: 24 }, (_, index) => {
      const starts = (index % 4) - 1.5;
      return measured(2 + (index % 5), { sentenceStarts: starts }, { org: Math.round(2.5 + starts) });
    });
    const rate = (starts: number, classmates: ClassMember[]) =>
      rateCriteria([organization], [measured(4, { sentenceStarts: starts }), ...classmates], 8)[0]!;
    const fitted = [rate(1.5, graded), rate(-1.5, graded)];
    expect(fitted[0]!.basis).toMatch(/fitted on your 24 ratings/);
    expect(fitted[0]!.points - fitted[1]!.points).toBeGreaterThanOrEqual(2);
    // Without her ratings the whole decides, and both works stand alike on it.
    const unrated = graded.map((item) => ({ ...item, rubric: null }));
    expect(Math.abs(rate(1.5, unrated).points - rate(-1.5, unrated).points)).toBeLessThanOrEqual(1);
  });

  it('judges ideas by what the class’s strongest work covers, never by the rubric’s words', () => {
    const content = criterion('ideas', 'Ideas and Content');
    // Her best-graded work is about the builders' obstacles: wind, mooring and the dirigibles; her
    // Ideas ratings follow it, while the whole ranks both halves of the class alike.
    const strong = ['wind', 'moor', 'dirigible', 'mast', 'safety', 'law'];
    const graded = Array.from({ length: 12 }, (_, index) => {
      const covers = index % 2 === 0;
      const whole = 3 + (index % 3);
      return measured(
        whole,
        {},
        { ideas: covers ? 4 : 2 },
        covers ? [...strong, `own${index}`] : ['building', 'tall', `other${index}`],
        covers ? 7 : 4,
      );
    });
    const covering = rateCriteria([content], [measured(4, {}, null, strong), ...graded], 8)[0]!;
    const missing = rateCriteria(
      [content],
      [measured(4, {}, null, ['characterized', 'control', 'writer', 'building']), ...graded],
      8,
    )[0]!;
    expect(covering.points).toBeGreaterThan(missing.points);
  });
});
