import { z } from 'zod';
import type { AiModel } from '@/server/adapters/ai';
import {
  GRADING_FAILURE_MESSAGE,
  type GradeDrafter,
  type GradingInput,
  type RawGradingDraft,
} from '../../kernel/drafter-port';
import { buildGradingPrompt } from './prompts';

// What the model is asked for. Required fields and nullable values only (no optional, no
// defaults), so the schemas work in the strict structured-output modes of every provider.

const modelPointSchema = z.object({
  text: z.string().describe('The point, in one or two sentences.'),
  quote: z
    .string()
    .nullable()
    .describe("The student's exact words backing the point, copied word for word from the submission, or null."),
});

const modelGradingFields = {
  grade: z.number().describe('The grade, from 0 to the points possible, in steps of 0.5.'),
  feedback: z.string().describe('Feedback to the student, addressed as "you".'),
  strengths: z.array(modelPointSchema).describe('Two to four strengths, each with a quote where possible.'),
  areasForImprovement: z
    .array(modelPointSchema)
    .describe('Two to four areas for improvement with concrete next steps.'),
  summary: z.string().describe('One or two sentences summarising the work.'),
  gradeReview: z.string().describe('For the teacher only: how the grade was reached and what to double-check.'),
};

export const modelGradingSchema = z.object(modelGradingFields);

export function modelRubricGradingSchema(criterionIds: [string, ...string[]]) {
  return z.object({
    ...modelGradingFields,
    rubricAssessment: z
      .array(
        z.object({
          criterionId: z.enum(criterionIds).describe('The criterionId from the rubric.'),
          points: z.number().describe("Points for this criterion, from 0 to the criterion's maximum."),
          comment: z.string().describe('Why this rating, with reference to the work.'),
          quote: z.string().nullable().describe("The student's exact words as evidence, or null."),
        }),
      )
      .describe('One entry per rubric criterion.'),
  });
}

/**
 * A draft from a model: the grading prompt (with its variant), the grading schema (with the rubric's
 * criteria when the rubric grades), and an answer that leaves out a criterion asked for again.
 * What comes back is raw: finalizeDraft checks it.
 */
export async function draftWithModel(model: AiModel, input: GradingInput): Promise<RawGradingDraft> {
  const { system, prompt } = buildGradingPrompt(input);
  const rubric =
    input.options.useRubric && input.assignment.rubric && input.assignment.rubric.length > 0
      ? input.assignment.rubric
      : null;
  const common = {
    examplesUsed: input.examples.map((example) => ({ label: example.label, score: example.score })),
    engine: model.name,
    filesUsed: input.isFileContentIncluded,
    customInstructionsApplied: Boolean(input.options.customInstructions?.trim()),
  };
  const request = { system, prompt, schemaName: 'grading_draft', failureMessage: GRADING_FAILURE_MESSAGE };
  if (rubric) {
    const ids = rubric.map((criterion) => criterion.id) as [string, ...string[]];
    const output = await model.generateObject({
      ...request,
      schema: modelRubricGradingSchema(ids),
      findProblem: (answer) => {
        const assessed = new Set(answer.rubricAssessment.map((item) => item.criterionId));
        const missing = ids.filter((id) => !assessed.has(id));
        return missing.length > 0 ? `The answer left out rubric criteria ${missing.join(', ')}` : null;
      },
    });
    return { ...output, ...common };
  }
  const output = await model.generateObject({ ...request, schema: modelGradingSchema });
  return { ...output, rubricAssessment: null, ...common };
}

/** A model as a grade drafter. */
export function modelDrafter(model: AiModel): GradeDrafter {
  return { name: model.name, isOffline: false, draftGrade: (input) => draftWithModel(model, input) };
}
