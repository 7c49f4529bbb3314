import { AppError } from '@/server/core/app-error';
import { GRADING_FAILURE_MESSAGE, type GradeDrafter, type GradingInput, type RawGradingDraft } from '../drafting/draft-types';
import { effectivePointsPossible } from '../drafting/finalize-draft';
import { describeTask } from '../drafting/prompts';
import { loadEnglishSpeller } from './calibration/english-speller';
import { gradeOnTeachersScale } from './calibration/grade-on-teachers-scale';
import { draftGradeOffline } from './grade-offline';

/**
 * The draft without a model, used when no AI provider is configured: from evidence it can point to
 * in the text, deterministically. Its grade comes from the scale model: the work is measured
 * against the assignment's other submissions and placed on the scale learned from the teacher's own
 * grades on them (input.classWork); with too small a class, against the description. Its output has
 * the same shape as a model's draft and goes through the same checks (finalizeDraft).
 */
export async function draftOffline(input: GradingInput): Promise<RawGradingDraft> {
  try {
    // The offline engine reads the task as a model would be told it (the variant's framing included).
    const task = input.variant && input.variant.kind !== 'assignment' ? { ...input, assignment: { ...input.assignment, descriptionText: describeTask(input) } } : input;
    // With a rubric too: the scale model sets the total, and the criteria share it out by their own measure.
    const scale = await gradeOnTeachersScale(task, effectivePointsPossible(task.assignment.pointsPossible));
    return draftGradeOffline(task, scale, await loadEnglishSpeller());
  } catch (error) {
    throw new AppError('AI_FAILED', GRADING_FAILURE_MESSAGE, { cause: error });
  }
}

export const offlineDrafter: GradeDrafter = { name: 'offline', isOffline: true, draftGrade: draftOffline };

/** The offline engine as a drafter (evaluation and tests wrap it). */
export function createOfflineEngine(): GradeDrafter {
  return offlineDrafter;
}
