import { describe, expect, it } from 'vitest';
import { MAX_CLASS_WORK } from './drafter-port';
import { EXAMPLE_EXCERPT_CHARS, prepareClass, rubricPointsOf, type ClassPiece } from './prepare-class';

/** A class of `size`: every third student graded with a comment naming them; every essay names a classmate. */
function lectureClass(size: number) {
  const roster = Array.from({ length: size }, (_, id) => ({
    id,
    names: [`Zoë Student${id}`, `Student${id}, Zoë`],
    emails: [],
  }));
  const reads = new Map<number, number>();
  const essay = (id: number) =>
    `Essay by Student${id}. I argued with Zoe Student${(id + 1) % size} about it. ${'More words. '.repeat(100)}`;
  const pieces: ClassPiece[] = roster.map(({ id }) => ({
    authorId: id,
    source: `<p>${essay(id)}</p>`,
    readText: () => {
      reads.set(id, (reads.get(id) ?? 0) + 1);
      return essay(id);
    },
    grade: id % 3 === 0 ? id % 10 : null,
    example: id % 3 === 0 ? { score: id % 10, comment: `Well argued, Zoë Student${id}.` } : null,
  }));
  return { roster, pieces, reads };
}

describe('a class prepared for drafting', () => {
  it('caps the class work at 200, graded work first, never the drafted student', async () => {
    const { roster, pieces } = lectureClass(1000);
    const prepared = prepareClass({ roster, pieces });
    // One sample for the class: whole for a student outside it, without her own work for one in it.
    const outside = await prepared.classWorkFor(1);
    expect(outside).toHaveLength(MAX_CLASS_WORK);
    expect(await prepared.classWorkFor(2)).toEqual(outside);
    const lengths = await Promise.all(roster.map(({ id }) => prepared.classWorkFor(id).then((work) => work.length)));
    expect(lengths.filter((length) => length === MAX_CLASS_WORK - 1)).toHaveLength(MAX_CLASS_WORK);
    expect(lengths.filter((length) => length === MAX_CLASS_WORK)).toHaveLength(1000 - MAX_CLASS_WORK);
    const work = await prepared.classWorkFor(0);
    // 334 of the 1,000 are graded: the 200 taken are all graded work.
    expect(work.every((item) => item.grade !== null)).toBe(true);
    expect(work.some((item) => item.text.includes('Student0.'))).toBe(false);
    for (const item of work) {
      expect(item.text).not.toMatch(/Zo[eë]|Student\d/);
      expect(item.text).toContain('[CLASSMATE]');
    }
  });

  it('redacts each classmate once for every draft of the class', async () => {
    const { roster, pieces, reads } = lectureClass(300);
    const prepared = prepareClass({ roster, pieces });
    for (let student = 0; student < 300; student += 1) await prepared.classWorkFor(student);
    // The sample (the cap) is read once; the rest of the class is never read.
    expect(reads.size).toBe(MAX_CLASS_WORK);
    expect([...reads.values()].every((count) => count === 1)).toBe(true);
    // The next draft's request reads the class from Canvas again: the same work is not redacted again.
    const reread = lectureClass(300);
    const again = prepareClass({ roster: reread.roster, pieces: reread.pieces });
    expect(await again.classWorkFor(7)).toEqual(await prepared.classWorkFor(7));
    expect(reread.reads.size).toBe(0);
    // Small classes give every other student's work.
    const small = lectureClass(12);
    expect(await prepareClass(small).classWorkFor(5)).toHaveLength(11);
  });

  it('picks examples across the scale, redacted before they are cut', () => {
    const { roster, pieces } = lectureClass(30);
    const examples = prepareClass({ roster, pieces }).examplesFor(9);
    expect(examples.map((example) => example.label)).toEqual(['Example 1', 'Example 2', 'Example 3']);
    const scores = examples.map((example) => example.score);
    expect(scores[0]).toBe(Math.max(...scores));
    expect(scores[1]).toBe(Math.min(...scores));
    for (const example of examples) {
      expect(example.excerpt.length).toBeLessThanOrEqual(EXAMPLE_EXCERPT_CHARS);
      expect(`${example.comment} ${example.excerpt}`).not.toMatch(/Zo[eë]|Student\d/);
      expect(example.comment).toBe('Well argued, [CLASSMATE].');
    }
  });

  it('carries the teacher’s rubric points on graded work to the class work and the examples', async () => {
    const { roster, pieces } = lectureClass(9);
    const rubricPieces = pieces.map((piece) => ({
      ...piece,
      rubric: piece.grade !== null ? { organization: piece.grade, conventions: 2 } : null,
    }));
    const prepared = prepareClass({ roster, pieces: rubricPieces });
    const work = await prepared.classWorkFor(1);
    expect(work.filter((item) => item.grade !== null).every((item) => item.rubric?.conventions === 2)).toBe(true);
    expect(work.filter((item) => item.grade === null).every((item) => item.rubric === undefined)).toBe(true);
    expect(prepared.examplesFor(1).every((example) => example.rubricAssessment?.conventions === 2)).toBe(true);
    expect(
      rubricPointsOf({
        organization: { ratingId: 'r1', points: 4, comments: '' },
        conventions: { ratingId: null, points: null, comments: 'Only a comment.' },
      }),
    ).toEqual({ organization: 4 });
    expect(rubricPointsOf(null)).toBeNull();
  });
});
