import { describe, expect, it } from 'vitest';
import { gradingOptionsSchema } from '@/shared/schemas/ai';
import type { ClassWork, GradingInput } from '@/server/modules/grading/kernel/drafter-port';
import { finalizeDraft } from '@/server/modules/grading/kernel/finalize-draft';
import { createOfflineEngine } from '@/server/modules/grading/drafting/offline/draft-offline';
import { createRandom } from '@/server/demo-canvas/random';
import { essayToText, writeEssay, type WriterLevel } from '@/server/demo-canvas/seed/essay-writer';
import type { RubricCriterion } from '@/shared/schemas/ai';
import { mean, quadraticWeightedKappa } from './agreement';

/**
 * The product's offline engine learns the teacher's scale from the class: a synthetic class like
 * the demo Canvas's (strong, average and weak writers; the teacher grades by level with some
 * spread), drafted through createOfflineEngine() with the class's graded work as training data.
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

function syntheticClass(size: number, seed: number) {
  const random = createRandom(seed);
  return Array.from({ length: size }, (_, index) => {
    const level = levels[(index * 7 + seed) % levels.length]!;
    const text = essayToText(writeEssay(random, 'later-start', level));
    const [low, high] = teacherRange[level];
    return { text, grade: Math.round(POINTS * (low + random.next() * (high - low))) };
  });
}

/** Four criteria of 5 points each: the assignment's 20 points, with Canvas-like rating bands. */
const rubric: RubricCriterion[] = ['Claim and position', 'Evidence and support', 'Organization', 'Conventions'].map(
  (description, index) => ({
    id: `criterion_${index}`,
    description,
    long_description: null,
    points: 5,
    ratings: [5, 4, 3, 2, 0].map((points) => ({ description: `${points} points`, points })),
  }),
);

function input(text: string, classWork: ClassWork[], withRubric = false): GradingInput {
  return {
    assignment: {
      name: 'Should school start later?',
      descriptionText: description,
      pointsPossible: POINTS,
      rubric: withRubric ? rubric : null,
    },
    submissionText: text,
    options: gradingOptionsSchema.parse({ useRubric: withRubric }),
    examples: [],
    isFileContentIncluded: false,
    classWork,
  };
}

describe('the offline engine on the teacher’s scale', () => {
  it('agrees more with the teacher the more of their grades it learns from, and never less', async () => {
    const engine = createOfflineEngine();
    const qwk: Record<number, number[]> = { 0: [], 10: [], 30: [] };
    for (let draw = 0; draw < 4; draw += 1) {
      const students = syntheticClass(40, 200 + draw);
      const drafted = students.slice(30);
      for (const k of [0, 10, 30]) {
        const grades: number[] = [];
        for (const [index, student] of drafted.entries()) {
          const classWork = students
            .filter((_, other) => other !== 30 + index)
            .map((other) => ({ text: other.text, grade: students.indexOf(other) < k ? other.grade : null }));
          grades.push((await engine.draftGrade(input(student.text, classWork))).grade);
        }
        qwk[k]!.push(
          quadraticWeightedKappa(
            grades.map(Math.round),
            drafted.map((student) => student.grade),
          ),
        );
      }
    }
    expect(mean(qwk[10]!)).toBeGreaterThan(mean(qwk[0]!) + 0.1);
    expect(mean(qwk[30]!)).toBeGreaterThanOrEqual(mean(qwk[10]!) - 0.02);
    expect(mean(qwk[30]!)).toBeGreaterThan(0.6);
  });

  it('states the basis of the draft and, from three grades on, its cross-validated agreement', async () => {
    const students = syntheticClass(16, 9);
    const classWork = students
      .slice(1)
      .map((student, index) => ({ text: student.text, grade: index < 10 ? student.grade : null }));
    const raw = await createOfflineEngine().draftGrade(input(students[0]!.text, classWork));
    expect(raw.basis).toMatchObject({ method: 'class', gradesLearnedFrom: 10, classSize: 16 });
    // How sure the grade is, checked on the graded work nearest it in sureness (decision 053).
    expect(raw.basis?.confidence).toMatchObject({ alikeChecked: 5 });
    expect(raw.basis?.confidence?.words).toMatch(/within one point of your grade|more than one point/);
    expect(raw.basis!.agreement).toMatchObject({ checked: 10, tolerance: 1 });
    expect(raw.gradeReview).toMatch(/on your scale\. Learned your scale from 10 of your grades/);
    expect(raw.gradeReview).toMatch(/Within 1 point of your grade on \d+ of 10 you graded/);
    // The feedback's wording follows the grade it states.
    const summative = await createOfflineEngine().draftGrade({
      ...input(students[0]!.text, classWork),
      options: gradingOptionsSchema.parse({ mode: 'summative' }),
    });
    expect(summative.feedback).toContain(`: ${summative.grade} out of ${POINTS}`);
    const draft = finalizeDraft(raw, {
      submissionText: students[0]!.text,
      pointsPossible: POINTS,
      rubric: null,
      useRubric: false,
    });
    expect(draft.basis).toEqual(raw.basis);

    const ungraded = await createOfflineEngine().draftGrade(
      input(
        students[0]!.text,
        classWork.map((work) => ({ ...work, grade: null })),
      ),
    );
    expect(ungraded.basis).toMatchObject({ method: 'class', gradesLearnedFrom: 0, classSize: 16, agreement: null });
    expect(ungraded.basis?.confidence).toMatchObject({ alikeChecked: null, alikeWithin: null });
  });

  it('with too small a class and no grades, grades against the description and says so', async () => {
    const students = syntheticClass(3, 4);
    const raw = await createOfflineEngine().draftGrade(
      input(
        students[0]!.text,
        students.slice(1).map((student) => ({ text: student.text, grade: null })),
      ),
    );
    expect(raw.basis).toEqual({ method: 'description', gradesLearnedFrom: 0, classSize: 3, agreement: null });
    expect(raw.gradeReview).toMatch(/Weighted overall/);
  });

  it('with a rubric, learns the teacher’s scale too: the bands add up to the grade on that scale', async () => {
    const engine = createOfflineEngine();
    const qwk: Record<number, number[]> = { 0: [], 30: [] };
    for (let draw = 0; draw < 3; draw += 1) {
      const students = syntheticClass(40, 300 + draw);
      const drafted = students.slice(30);
      for (const k of [0, 30]) {
        const grades: number[] = [];
        for (const [index, student] of drafted.entries()) {
          const classWork = students
            .filter((_, other) => other !== 30 + index)
            .map((other) => ({ text: other.text, grade: students.indexOf(other) < k ? other.grade : null }));
          const raw = await engine.draftGrade(input(student.text, classWork, true));
          // Every criterion sits on one of its bands, and the grade is their sum.
          for (const item of raw.rubricAssessment!) expect([5, 4, 3, 2, 0]).toContain(item.points);
          expect(raw.grade).toBe(raw.rubricAssessment!.reduce((sum, item) => sum + item.points, 0));
          expect(raw.basis).toMatchObject({ method: 'class', gradesLearnedFrom: k });
          grades.push(raw.grade);
        }
        qwk[k]!.push(
          quadraticWeightedKappa(
            grades,
            drafted.map((student) => student.grade),
          ),
        );
      }
    }
    // The teacher's 30 grades move the rubric draft onto their scale, as they do without a rubric.
    expect(mean(qwk[30]!)).toBeGreaterThan(mean(qwk[0]!) + 0.1);
    expect(mean(qwk[30]!)).toBeGreaterThan(0.55);
  });

  it('with a rubric, learns each criterion from the teacher’s rubric assessments and reports agreement per criterion', async () => {
    const engine = createOfflineEngine();
    const students = syntheticClass(40, 410);
    // She grades Conventions at the top for everyone and the other criteria by the work's level.
    const assessed = (grade: number) =>
      Object.fromEntries(
        rubric.map((criterion) => [
          criterion.id,
          criterion.description === 'Conventions' ? 5 : grade >= 17 ? 5 : grade >= 14 ? 4 : 3,
        ]),
      );
    const drafts = [];
    for (const [index, student] of students.slice(30).entries()) {
      const classWork = students
        .filter((_, other) => other !== 30 + index)
        .map((other, position) =>
          position < 30
            ? { text: other.text, grade: other.grade, rubric: assessed(other.grade) }
            : { text: other.text, grade: null },
        );
      drafts.push(await engine.draftGrade(input(student.text, classWork, true)));
    }
    const conventions = drafts.map(
      (raw) => raw.rubricAssessment!.find((item) => item.criterionId === 'criterion_3')!.points,
    );
    expect(mean(conventions)).toBeGreaterThanOrEqual(4.5);
    for (const raw of drafts) {
      expect(raw.grade).toBe(raw.rubricAssessment!.reduce((sum, item) => sum + item.points, 0));
      expect(raw.gradeReview).toMatch(/Conventions: \d of 5, judged as conventions \(from its title\)/);
      expect(raw.gradeReview).toMatch(/level and spread follow your 30 ratings of it/);
      expect(raw.gradeReview).toMatch(/- Organization: within one rating of yours on \d+ of 30\./);
      // Each criterion's rating carries its own sureness for the teacher's screen.
      for (const item of raw.rubricAssessment!)
        expect(item.sureness?.words).toMatch(/^Within one rating of yours on \d+ of the 30 you rated\.$/);
    }
  });
});
