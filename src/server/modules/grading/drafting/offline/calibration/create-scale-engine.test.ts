import { describe, expect, it } from 'vitest';
import { gradingOptionsSchema } from '@/shared/schemas/ai';
import type { GradingInput } from '@/server/modules/grading/kernel/drafter-port';
import { finalizeDraft } from '@/server/modules/grading/kernel/finalize-draft';
import { createOfflineEngine } from '@/server/modules/grading/drafting/offline/draft-offline';
import { rubric } from '@/server/test/grading-fixtures';
import { createRandom } from '@/server/demo-canvas/random';
import { essayToText, writeEssay, type WriterLevel } from '@/server/demo-canvas/seed/essay-writer';
import { mean, quadraticWeightedKappa } from './agreement';
import { loadEnglishSpeller } from './english-speller';
import { createFeatureMeasurer, createScaleEngine, fitScaleModelForClass, type ClassWork } from './create-scale-engine';

/**
 * A class like the demo Canvas's: essays by strong, average and weak writers (the seed's own
 * essay writer), graded the way the seed's teacher grades them (by level, with some spread).
 */
const POINTS = 20;
const description =
  'Write a persuasive essay on whether high schools should start later in the morning. Support your position with evidence and address a counterargument.';
const levels: WriterLevel[] = ['strong', 'average', 'weak'];
const teacherRange: Record<WriterLevel, [number, number]> = {
  strong: [0.88, 0.99],
  average: [0.72, 0.87],
  weak: [0.5, 0.7],
};

function demoClass(size: number, seed: number) {
  const random = createRandom(seed);
  return Array.from({ length: size }, (_, index) => {
    const level = levels[index % levels.length]!;
    const text = essayToText(writeEssay(random, 'later-start', level));
    const [low, high] = teacherRange[level];
    const grade = Math.round(POINTS * (low + random.next() * (high - low)) * 2) / 2;
    return { text, level, grade };
  });
}

function gradingInput(text: string, useRubric = false): GradingInput {
  return {
    assignment: { name: 'Should school start later?', descriptionText: description, pointsPossible: POINTS, rubric },
    submissionText: text,
    options: gradingOptionsSchema.parse({ useRubric }),
    examples: [{ label: 'Example 1', score: 18, comment: 'Strong evidence.', excerpt: 'School should start later.' }],
    isFileContentIncluded: false,
  };
}

describe('the scale engine', () => {
  it('drafts with the offline engine and takes the grade from the scale model, saying what it rests on', async () => {
    const students = demoClass(30, 7);
    const measurer = createFeatureMeasurer(description, await loadEnglishSpeller());
    const classWork: ClassWork[] = students.map((student, index) => ({
      text: student.text,
      grade: index < 10 ? student.grade : null,
    }));
    const model = fitScaleModelForClass({ pointsPossible: POINTS, classWork, measurer });
    const engine = createScaleEngine(createOfflineEngine(), model, measurer);
    const text = students[12]!.text;

    const raw = await engine.draftGrade(gradingInput(text));
    expect(raw.grade).toBe(model.predict(measurer.measure(text)).grade);
    expect(raw.engine).toBe('offline');
    expect(raw.gradeReview).toMatch(
      new RegExp(`^Grade ${raw.grade} of 20 from the scale model\\. Learned your scale from 10 of your grades`),
    );
    expect(raw.gradeReview).toMatch(/Within 1 point of your grade on \d+ of 10 you graded/);
    expect(raw.gradeReview).toMatch(/- Length: \d+ words \([+−]\d/);
    // The base engine's scale nudge is not applied to a grade it did not make.
    expect(raw.gradeReview).not.toMatch(/a quarter of the way/);
    expect(raw.examplesUsed).toEqual([{ label: 'Example 1', score: 18 }]);

    const draft = finalizeDraft(raw, { submissionText: text, pointsPossible: POINTS, rubric: null, useRubric: false });
    expect(draft.grade).toBe(raw.grade);
    for (const point of [...draft.strengths, ...draft.areasForImprovement])
      if (point.quote) expect(text).toContain(point.quote);
  });

  it('leaves rubric drafts to the base engine: the model learns one overall grade, not criteria', async () => {
    const students = demoClass(9, 8);
    const measurer = createFeatureMeasurer(description, await loadEnglishSpeller());
    const model = fitScaleModelForClass({
      pointsPossible: POINTS,
      classWork: students.map((student) => ({ text: student.text, grade: student.grade })),
      measurer,
    });
    const offline = createOfflineEngine();
    const input = gradingInput(students[0]!.text, true);
    expect(await createScaleEngine(offline, model, measurer).draftGrade(input)).toEqual(
      await offline.draftGrade(input),
    );
  });

  it('agrees more with the teacher once it has learned from some of their grades, on the demo class', async () => {
    const speller = await loadEnglishSpeller();
    const results: Record<number, number[]> = { 0: [], 10: [] };
    for (let draw = 0; draw < 6; draw += 1) {
      const students = demoClass(36, 100 + draw);
      for (const k of [0, 10]) {
        const measurer = createFeatureMeasurer(description, speller);
        const model = fitScaleModelForClass({
          pointsPossible: POINTS,
          classWork: students.map((student, index) => ({
            text: student.text,
            grade: index < k ? student.grade : null,
          })),
          measurer,
        });
        const rest = students.slice(10);
        results[k]!.push(
          quadraticWeightedKappa(
            rest.map((student) => model.predict(measurer.measure(student.text)).grade),
            rest.map((student) => student.grade),
          ),
        );
      }
    }
    // Without grades the class is ranked but sits at the prior's level (65%), below this teacher's.
    expect(mean(results[0]!)).toBeGreaterThan(0.2);
    expect(mean(results[10]!)).toBeGreaterThan(mean(results[0]!) + 0.1);
    expect(mean(results[10]!)).toBeGreaterThan(0.6);
  });
});
