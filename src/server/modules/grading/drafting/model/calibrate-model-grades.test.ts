import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gradingOptionsSchema } from '@/shared/schemas/ai';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { createAiModel, type AiModel } from '@/server/adapters/ai';
import { fitCalibration } from './calibrate-model-grades';
import type { ClassWork, GradingInput } from '../../kernel/drafter-port';
import { gradeDrafterFor } from '../grade-drafter';

/**
 * A model that is harsher and more bunched than the teacher (it gives 4 + 0.4 × the teacher's
 * grade), served by the local OpenAI-compatible fake: each work carries its quality as a marker
 * the fake reads, so the model's answer depends on the work it is sent.
 */
const POINTS = 20;
let server: FakeAiServer;
beforeAll(async () => {
  server = await startFakeAiServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.setDefault({
    kind: 'computed',
    answer: (body) => {
      const prompt = JSON.stringify(body.messages ?? []);
      const quality = Number(/\[quality (\d+)\]/.exec(prompt)?.[1] ?? 10);
      return { kind: 'from-schema', overrides: { grade: 4 + 0.4 * quality } };
    },
  });
});

const work = (quality: number) => `My essay on the water cycle, with care and detail. [quality ${quality}]`;

function input(quality: number, classWork: ClassWork[]): GradingInput {
  return {
    assignment: {
      name: 'The water cycle',
      descriptionText: 'Explain the water cycle.',
      pointsPossible: POINTS,
      rubric: null,
    },
    submissionText: work(quality),
    options: gradingOptionsSchema.parse({}),
    examples: [],
    isFileContentIncluded: false,
    classWork,
  };
}

const teacherGraded: ClassWork[] = [6, 8, 9, 11, 12, 13, 15, 16, 18, 19].map((quality) => ({
  text: work(quality),
  grade: quality,
}));
const engine = (calibrate: boolean) =>
  gradeDrafterFor(
    createAiModel(
      { provider: 'openai-compatible', model: 'fake-model', baseUrl: server.baseUrl },
      { maxNetworkRetries: 0 },
    ) as AiModel,
    { calibrate },
  );

describe('calibrating a model engine to the teacher’s grades', () => {
  it('maps the model’s grade onto the teacher’s scale, learned from the graded work, and says how well it agrees', async () => {
    const plain = await engine(false).draftGrade(input(16, teacherGraded));
    expect(plain.grade).toBeCloseTo(10.4);
    expect(plain.basis).toBeUndefined();
    expect(server.requests).toHaveLength(1);

    server.reset();
    server.setDefault({
      kind: 'computed',
      answer: (body) => ({
        kind: 'from-schema',
        overrides: { grade: 4 + 0.4 * Number(/\[quality (\d+)\]/.exec(JSON.stringify(body.messages))?.[1]) },
      }),
    });
    const calibrated = engine(true);
    const draft = await calibrated.draftGrade(input(16, teacherGraded));
    expect(Math.abs(draft.grade - 16)).toBeLessThanOrEqual(1);
    expect(draft.basis).toMatchObject({ method: 'calibrated-model', gradesLearnedFrom: 10, classSize: 11 });
    expect(draft.basis!.agreement!.withinTolerance).toBeGreaterThanOrEqual(9);
    expect(draft.gradeReview).toMatch(/Calibrated to your scale: the model also graded 10 of your graded submissions/);
    // The draft itself and each graded submission once.
    expect(server.requests).toHaveLength(11);

    // The next draft of the class asks only for itself: the graded work's model grades are kept.
    const next = await calibrated.draftGrade(input(7, teacherGraded));
    expect(Math.abs(next.grade - 7)).toBeLessThanOrEqual(1);
    expect(server.requests).toHaveLength(12);
  });

  it('leaves the model’s grade alone with fewer than three graded submissions', async () => {
    const draft = await engine(true).draftGrade(input(16, teacherGraded.slice(0, 2)));
    expect(draft.grade).toBeCloseTo(10.4);
    expect(draft.basis).toBeUndefined();
    expect(server.requests).toHaveLength(1);
  });

  it('with a rubric, maps each criterion onto her scale for that criterion, and the grade is their sum', async () => {
    // The model is harsh and bunched on Organization (2 + 0.4 × her rating) and already on her scale for Conventions.
    server.setDefault({
      kind: 'computed',
      answer: (body) => {
        const quality = Number(/\[quality (\d+)\]/.exec(JSON.stringify(body.messages))?.[1] ?? 10) / 2;
        return {
          kind: 'from-schema',
          overrides: {
            grade: 0,
            rubricAssessment: [
              { criterionId: 'org', points: 2 + 0.4 * quality, comment: 'Order.', quote: null },
              { criterionId: 'conv', points: quality, comment: 'Spelling.', quote: null },
            ],
          },
        };
      },
    });
    const levels = (id: string) =>
      Array.from({ length: 11 }, (_, points) => ({ id: `${id}${points}`, description: `Level ${points}`, points }));
    const rubric = [
      { id: 'org', description: 'Organization', long_description: null, points: 10, ratings: levels('org') },
      { id: 'conv', description: 'Conventions', long_description: null, points: 10, ratings: levels('conv') },
    ];
    const graded: ClassWork[] = teacherGraded.map((work) => ({
      ...work,
      rubric: { org: (work.grade ?? 0) / 2, conv: (work.grade ?? 0) / 2 },
    }));
    const rubricInput: GradingInput = {
      ...input(16, graded),
      assignment: { ...input(16, graded).assignment, rubric },
      options: gradingOptionsSchema.parse({ useRubric: true }),
    };
    const plain = await engine(false).draftGrade(rubricInput);
    expect(plain.rubricAssessment?.map((item) => item.points)).toEqual([5.2, 8]);

    const draft = await engine(true).draftGrade(rubricInput);
    const [organization, conventions] = draft.rubricAssessment!;
    expect(Math.abs(organization!.points - 8)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(conventions!.points - 8)).toBeLessThanOrEqual(0.5);
    expect(draft.grade).toBeCloseTo(organization!.points + conventions!.points);
    expect(draft.gradeReview).toMatch(/Calibrated to your scale, criterion by criterion/);
    expect(draft.gradeReview).toMatch(/Organization: the model's 5\.2 became (7\.5|8|8\.5) /);
    expect(draft.gradeReview).toMatch(/Organization: .*within one rating of yours on (9|10) of 10/);
    expect(draft.basis).toMatchObject({ method: 'calibrated-model', gradesLearnedFrom: 10 });
  });

  it('pulls the slope toward 1 when there are few pairs', () => {
    // The teacher's grade is 2 × the model's - 10, seen on 3 pairs and on 40.
    const few = fitCalibration([
      { model: 10, teacher: 10 },
      { model: 12, teacher: 14 },
      { model: 14, teacher: 18 },
    ]);
    expect(few.slope).toBeGreaterThan(1.5);
    expect(few.slope).toBeLessThan(1.9);
    const many = fitCalibration(
      Array.from({ length: 40 }, (_, index) => ({ model: 8 + (index % 8), teacher: 2 * (8 + (index % 8)) - 10 })),
    );
    expect(many.slope).toBeGreaterThan(few.slope);
    expect(many.slope).toBeCloseTo(2, 0);
  });
});
