import { useReducer, useState, type RefObject } from 'react';
import type { GradingChoices } from '@/shared/schemas/ai';
import { usePublicConfig } from '@/client/lib/public-config';
import { DEFAULT_AI_OPTIONS, type AiOptionsState } from './ai-options';
import { EMPTY_BOARD, updateStatusBoard, type GradingStatus, type StatusBoard } from './grading-status';
import type { GradingActions } from './use-grading-shortcuts';
import type { UnsavedEditsMemory } from './use-grade-form';

/**
 * What outlives one student's grade form on a grading screen: the AI options the teacher chose,
 * her unsaved edits per student (decision 022), what the save bar last said (decision 032), the
 * keyboard's hold on the open form, and the ways to the next student and back to one. The form is
 * keyed by the student and starts afresh for each; everything here stays while she moves on.
 */
export type GradingSession = {
  aiOptions: AiOptionsState;
  setAiOptions: (options: AiOptionsState) => void;
  /** The drafter the server uses ('offline' without an AI model). */
  engineName: string | undefined;
  memory: UnsavedEditsMemory;
  board: StatusBoard;
  report: (status: GradingStatus) => void;
  dismiss: (id: number) => void;
  actionsRef: RefObject<GradingActions | null>;
  /** Shows the next student (Save & Next). */
  showNext: () => void;
  /** Shows a student again (the way back from a failed save). */
  showStudent: (userId: number) => void;
};

/** The screen's remembered drafting choices (decision 066): what the server holds, and how to keep a new one. */
export type RememberedChoices = {
  /** Undefined while loading. */
  remembered: GradingChoices | undefined;
  remember: (choices: GradingChoices) => void;
};

export function useGradingSession({
  actionsRef,
  showNext,
  showStudent,
  choices,
}: Pick<GradingSession, 'actionsRef' | 'showNext' | 'showStudent'> & { choices?: RememberedChoices }): GradingSession {
  const publicConfig = usePublicConfig();
  const [aiOptions, setOptions] = useState<AiOptionsState>(DEFAULT_AI_OPTIONS);
  // The rubric switch starts where she left it on this screen, once Margin has read it.
  const [isRememberedApplied, setRememberedApplied] = useState(false);
  if (!isRememberedApplied && choices?.remembered) {
    setRememberedApplied(true);
    if (choices.remembered.useRubric !== aiOptions.useRubric) {
      setOptions({ ...aiOptions, useRubric: choices.remembered.useRubric });
    }
  }
  const setAiOptions = (next: AiOptionsState) => {
    if (choices && next.useRubric !== aiOptions.useRubric) choices.remember({ useRubric: next.useRubric });
    setOptions(next);
  };
  const [memory] = useState<UnsavedEditsMemory>(() => new Map());
  const [board, dispatch] = useReducer(updateStatusBoard, EMPTY_BOARD);
  return {
    aiOptions,
    setAiOptions,
    engineName: publicConfig.data?.aiEngine,
    memory,
    board,
    report: (status) => dispatch({ type: 'report', status }),
    dismiss: (id) => dispatch({ type: 'dismiss', id }),
    actionsRef,
    showNext,
    showStudent,
  };
}
