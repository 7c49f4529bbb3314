import { useEffect, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import type { GradingDraft } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import {
  parseQuestionScore,
  questionAnswerState,
  questionTypeLabel,
  type QuizAnswer,
  type QuizGradingSubmission,
  type QuizQuestion,
} from '@/shared/schemas/quiz-grading';
import { ApiError } from '@/client/lib/api-client';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { AiOptionsFields, toGradingOptions, type AiOptionsState } from '@/client/features/grading/kernel/ai-options';
import { DraftReview } from '@/client/features/grading/kernel/draft-review';
import { toastDraftFailure, toastDraftSuccess } from '@/client/features/grading/kernel/draft-toasts';
import { FeedbackField } from '@/client/features/grading/kernel/feedback-field';
import { formatScore } from '@/client/features/grading/kernel/format';
import { GradeInput, QuickFillButtons } from '@/client/features/grading/kernel/grade-input';
import { KeptEditsNote } from '@/client/features/grading/kernel/kept-edits-note';
import {
  failedSaveToastOptions,
  saveAndMoveOn,
  type ReturnAction,
} from '@/client/features/grading/kernel/save-and-move-on';
import { SaveBar } from '@/client/features/grading/kernel/save-bar';
import { useGradingActions, type GradingActions } from '@/client/features/grading/kernel/use-grading-shortcuts';
import { useDraftQuizAnswer, useSaveQuestionScores } from '../api/quiz-grading-api';
import { CLIENT_ERROR_CODE, ERROR_CODE } from '@/shared/error-codes';

/** Written answers the AI can read and draft a score for. */
const DRAFTABLE_TYPES = new Set(['essay_question', 'short_answer_question', 'fill_in_multiple_blanks_question']);

/** Spec part 2 §8's quiz grading toasts, with the usage limit's own title and message. */
function saveFailureToast(error: unknown, back: ReturnAction | null, studentName: string) {
  const show = (title: string, description: string) =>
    toast.error(title, failedSaveToastOptions(description, back, studentName));
  if (error instanceof ApiError && error.code === ERROR_CODE.USAGE_LIMIT_REACHED) {
    show('Usage Limit Reached', error.message);
  } else if (error instanceof ApiError && error.code === ERROR_CODE.QUIZ_NOT_GRADED) {
    show('Not graded', error.message);
  } else if (
    error instanceof ApiError &&
    error.code !== ERROR_CODE.INTERNAL &&
    error.code !== CLIENT_ERROR_CODE.NETWORK
  ) {
    show('Grading Failed', 'Failed to save the grade. Please try again.');
  } else {
    show('Grading Failed', 'An error occurred while saving the grade.');
  }
}

/** A question's unsaved score, comment and draft, kept by the screen per `submissionId:questionId`. */
export type QuestionEdits = { score: string; comment: string; draft: GradingDraft | null };
export type QuestionEditsMemory = Map<string, QuestionEdits>;

/**
 * The per-question grading card, keyed by submission and question: a required score from 0 to the
 * question's points in steps of 0.5 (an unparseable value counts as 0) and an optional comment.
 */
export function QuestionGradingCard({
  courseId,
  quizId,
  submission,
  question,
  position,
  answer,
  isAnswerLoaded,
  storedDraft,
  aiOptions,
  onAiOptionsChange,
  engineName,
  actionsRef,
  unsavedEdits,
  onSaved,
  onReturn,
}: {
  courseId: string;
  quizId: string;
  submission: QuizGradingSubmission;
  question: QuizQuestion;
  position: number;
  answer: QuizAnswer | undefined;
  isAnswerLoaded: boolean;
  storedDraft: DraftResponse | undefined;
  aiOptions: AiOptionsState;
  onAiOptionsChange: (options: AiOptionsState) => void;
  engineName: string | undefined;
  actionsRef: RefObject<GradingActions | null>;
  /** The screen's memory of unsaved edits: moving to another student and back finds them again. */
  unsavedEdits: QuestionEditsMemory;
  /** Moves on after a save: called as soon as a Save & Next is sent (the edits are kept per student). */
  onSaved: (andNext: boolean) => void;
  /** Shows this student again (from a failed save's toast once the screen moved on). */
  onReturn: () => void;
}) {
  const max = question.points_possible;
  const isScored = answer !== undefined && answer.correct !== 'undefined';
  const draftFromStore = isScored ? undefined : storedDraft;
  const memoryKey = `${submission.id}:${question.id}`;
  const kept = unsavedEdits.get(memoryKey);
  const [score, setScoreValue] = useState(
    () => kept?.score ?? (draftFromStore ? String(draftFromStore.draft.grade) : isScored ? String(answer.points) : ''),
  );
  const [comment, setCommentValue] = useState(() => kept?.comment ?? draftFromStore?.draft.feedback ?? '');
  const [draft, setDraft] = useState<GradingDraft | null>(() => (kept ? kept.draft : (draftFromStore?.draft ?? null)));
  const [isDirty, setDirty] = useState(Boolean(kept));
  const [hasKeptEdits] = useState(Boolean(kept));
  // A stored draft that arrives while the card is open fills it if the teacher has not touched it
  // (see useGradeForm); a draft the teacher asked for is applied by requestDraft.
  const [adoptedDraft, setAdoptedDraft] = useState(draftFromStore);
  if (draftFromStore !== adoptedDraft) {
    setAdoptedDraft(draftFromStore);
    if (draftFromStore && !isDirty) {
      setDraft(draftFromStore.draft);
      setScoreValue(String(draftFromStore.draft.grade));
      setCommentValue(draftFromStore.draft.feedback);
    }
  }
  const setScore = (value: string) => {
    setScoreValue(value);
    setDirty(true);
  };
  const setComment = (value: string) => {
    setCommentValue(value);
    setDirty(true);
  };
  useEffect(() => {
    if (isDirty) unsavedEdits.set(memoryKey, { score, comment, draft });
  }, [unsavedEdits, memoryKey, isDirty, score, comment, draft]);
  const saving = useSaveQuestionScores(courseId, quizId);
  const drafting = useDraftQuizAnswer(courseId, quizId);

  const isTaking = submission.workflow_state === 'untaken';
  // Nothing is saved while a draft is being written: the score and comment are about to change.
  const canSave = !isTaking && score.trim() !== '' && !saving.isPending && !drafting.isPending;
  const isAnswered = isAnswerLoaded && questionAnswerState(question.question_type, answer) !== 'no_answer';
  const isDraftable = DRAFTABLE_TYPES.has(question.question_type);
  const canDraft = isDraftable && isAnswered && !drafting.isPending && !isTaking;

  async function save(andNext: boolean) {
    if (!canSave) return;
    const value = parseQuestionScore(score, max);
    const studentName = submission.user.name;
    const label = question.name || `Question ${position}`;
    // The card keeps unsaved edits per student and question, so Save & Next moves on at once.
    await saveAndMoveOn({
      andNext,
      keepsEdits: true,
      studentName,
      send: () =>
        saving.mutateAsync({
          submissionId: submission.id,
          questions: [{ questionId: question.id, score: value, comment }],
        }),
      moveOn: () => onSaved(true),
      backTo: onReturn,
      onStored: (_result, movedOn) => {
        setDirty(false);
        unsavedEdits.delete(memoryKey);
        toast.success('Question Graded', {
          description: `${movedOn ? `${studentName}, ` : ''}${label}: ${formatScore(value)} / ${formatScore(max)}`,
        });
      },
      onFailed: (error, back) => {
        console.warn('Saving the question score failed', error);
        saveFailureToast(error, back, studentName);
      },
    });
  }

  async function requestDraft() {
    if (!canDraft) return;
    const options = toGradingOptions(aiOptions, false);
    try {
      const response = await drafting.mutateAsync({ submissionId: submission.id, questionId: question.id, options });
      setDraft(response.draft);
      setScore(String(response.draft.grade));
      setComment(response.draft.feedback);
      toastDraftSuccess(options.mode, response.draft, 'the question');
    } catch (error) {
      toastDraftFailure(error);
    }
  }

  function quickFill(percent: number) {
    if (isTaking) return;
    setScore(String(parseQuestionScore(String((max * percent) / 100), max)));
  }

  useGradingActions(actionsRef, { quickFill, draft: () => void requestDraft(), save: (andNext) => void save(andNext) });

  return (
    <div className="flex flex-col gap-4">
      <Card data-testid="question-grading-card">
        <CardHeader className="pb-2">
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
            Grading question {position} · {questionTypeLabel(question.question_type)}
            {question.needs_manual_grading ? ' *' : ''}
          </p>
          <CardTitle className="text-base">{question.name || `Question ${position}`}</CardTitle>
          <p className="text-sm text-slate-600" data-testid="question-student">
            {submission.user.name}
          </p>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {hasKeptEdits ? <KeptEditsNote /> : null}
          {isTaking ? (
            <p className="text-sm text-slate-600">
              This student is still taking the quiz. It can be graded once they submit it.
            </p>
          ) : null}
          <div className="flex flex-col gap-2">
            <GradeInput
              label={`Score (out of ${formatScore(max)})`}
              value={score}
              onChange={setScore}
              max={max}
              isRequired
              isDisabled={isTaking}
              testId="question-score"
            />
            <QuickFillButtons onFill={quickFill} isDisabled={isTaking} />
          </div>
          <FeedbackField
            label="Comment (optional)"
            value={comment}
            onChange={setComment}
            rows={4}
            isDisabled={isTaking}
            placeholder="A comment for the student on this answer."
            testId="question-comment"
          />
          <SaveBar
            onSave={(andNext) => void save(andNext)}
            canSave={canSave}
            isSaving={saving.isPending}
            saveLabel="Save Grade"
            saveAndNextLabel="Save & Next Student"
            saveTestId="save-question"
            note="Saves this question's score to the quiz in Canvas. Each save uses one submission credit."
          />
        </CardContent>
      </Card>
      {isDraftable ? (
        <AiOptionsFields
          options={aiOptions}
          onChange={onAiOptionsChange}
          hasRubric={false}
          onDraft={() => void requestDraft()}
          canDraft={canDraft}
          isDrafting={drafting.isPending}
          engineName={engineName}
          cannotDraftReason={isAnswerLoaded && !isAnswered ? 'The student did not answer this question.' : null}
        />
      ) : null}
      <DraftReview draft={draft} />
    </div>
  );
}
