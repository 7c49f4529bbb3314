import { AppError } from '@/server/core/app-error';
import { yieldTurn } from '@/server/core/in-slices';
import {
  GRADING_FAILURE_MESSAGE,
  type GradeDrafter,
  type GradingInput,
  type RawGradingDraft,
} from '../../kernel/drafter-port';
import { effectivePointsPossible } from '../../kernel/finalize-draft';
import { loadFeedbackSpeller } from './calibration/english-speller';
import { gradeOnTeachersScale } from './calibration/grade-on-teachers-scale';
import { classVocabulary, withVocabulary } from './class-vocabulary';
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
    // The offline engine reads the task's own words with only the name of its kind: the framing a
    // model is given (how to judge participation, what context is) would otherwise count as the
    // prompt's key ideas and requirements ("initial", "context", "evidence").
    const task =
      input.variant && input.variant.kind !== 'assignment'
        ? { ...input, assignment: { ...input.assignment, descriptionText: offlineTaskText(input) } }
        : input;
    // With a rubric too: the scale model sets the total, and the criteria share it out by their own measure.
    const scale = await gradeOnTeachersScale(task, effectivePointsPossible(task.assignment.pointsPossible));
    const speller = withVocabulary(await loadFeedbackSpeller(), await classVocabulary(task.classWork ?? []));
    // The fit and the reading of the work are each tens of milliseconds: other requests go between.
    await yieldTurn();
    return draftGradeOffline(task, scale, speller);
  } catch (error) {
    throw new AppError('AI_FAILED', GRADING_FAILURE_MESSAGE, { cause: error });
  }
}

/** The task as the offline engine reads it: its own text, headed by the kind of work it is. */
function offlineTaskText(input: GradingInput): string {
  const text = input.assignment.descriptionText.trim();
  if (input.variant?.kind === 'discussion')
    return `Discussion prompt:\n${text || '(The discussion has no prompt text.)'}`;
  if (input.variant?.kind === 'quiz-answer') return `Quiz question:\n${text}`;
  return text;
}

export const offlineDrafter: GradeDrafter = { name: 'offline', isOffline: true, draftGrade: draftOffline };

/** The offline engine as a drafter (evaluation and tests wrap it). */
export function createOfflineEngine(): GradeDrafter {
  return offlineDrafter;
}
