import type { GradeDrafter as AiEngine, GradingInput, RawGradingDraft } from '../../../kernel/drafter-port';
import { createFeatureContext, extractEssayFeatures, type EssayFeatures, type FeatureContext } from './essay-features';
import type { Speller } from './english-speller';
import { describeAgreement, describeBasis, fitScaleModel, type ScaleModel } from './fit-scale-model';

/** Measures texts once: the class is measured for the fit, and each draft finds its own text again. */
export type FeatureMeasurer = { context: FeatureContext; measure(text: string): EssayFeatures };

export function createFeatureMeasurer(assignmentText: string, speller: Speller): FeatureMeasurer {
  const context = createFeatureContext(assignmentText, speller);
  const measured = new Map<string, EssayFeatures>();
  return {
    context,
    measure(text: string): EssayFeatures {
      let features = measured.get(text);
      if (!features) {
        features = extractEssayFeatures(text, context);
        measured.set(text, features);
      }
      return features;
    },
  };
}

/** One of the assignment's submissions as the model sees it: redacted text, and the teacher's grade if any. */
export type ClassWork = { text: string; grade: number | null };

/** Fits the scale model for one assignment from its class (once, for all of its drafts). */
export function fitScaleModelForClass(input: {
  pointsPossible: number;
  classWork: ClassWork[];
  measurer: FeatureMeasurer;
}): ScaleModel {
  const classFeatures = input.classWork.map((work) => input.measurer.measure(work.text));
  return fitScaleModel({
    pointsPossible: input.pointsPossible,
    classFeatures,
    graded: input.classWork.flatMap((work, index) =>
      work.grade === null ? [] : [{ features: classFeatures[index]!, grade: work.grade }],
    ),
  });
}

function formatPoints(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/**
 * An engine that drafts with `base` (feedback, quotes) and takes the grade from the scale model,
 * with a teacher-only account of where the grade comes from. Rubric drafts keep the base engine's
 * per-criterion bands: the model learns one overall grade. The base engine is not given the
 * examples, so its own scale nudge does not describe a grade it did not make.
 */
export function createScaleEngine(base: AiEngine, model: ScaleModel, measurer: FeatureMeasurer): AiEngine {
  return {
    ...base,
    async draftGrade(input: GradingInput): Promise<RawGradingDraft> {
      const usesRubric = input.options.useRubric && (input.assignment.rubric?.length ?? 0) > 0;
      if (usesRubric) return base.draftGrade(input);
      const draft = await base.draftGrade({ ...input, examples: [] });
      const prediction = model.predict(measurer.measure(input.ownText ?? input.submissionText));
      const strongest = [...prediction.effects].sort((a, b) => Math.abs(b.points) - Math.abs(a.points)).slice(0, 4);
      const review = [
        `Grade ${formatPoints(prediction.grade)} of ${formatPoints(model.pointsPossible)} from the scale model. ${describeBasis(model.basis)}`,
        ...(model.agreement ? [describeAgreement(model.agreement)] : []),
        'What moved it most, against the class average:',
        ...strongest.map(
          (effect) =>
            `- ${effect.name}: ${effect.value} (${effect.points >= 0 ? '+' : '−'}${formatPoints(Math.round(Math.abs(effect.points) * 10) / 10)} points)`,
        ),
      ];
      return {
        ...draft,
        grade: prediction.grade,
        gradeReview: `${review.join('\n')}\n\n${draft.gradeReview}`,
        examplesUsed: input.examples.map((example) => ({ label: example.label, score: example.score })),
      };
    },
  };
}
