import { AlertTriangle, Check, MessageCircle, X } from 'lucide-react';
import {
  QUESTION_STATE_LABELS,
  questionAnswerState,
  questionTypeLabel,
  type QuestionAnswerState,
  type QuizAnswer,
  type QuizGradingSubmission,
  type QuizQuestion,
} from '@/shared/schemas/quiz-grading';
import { cn } from '@/client/lib/cn';
import { sanitizeHtml } from '@/client/lib/sanitize';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { Badge, Skeleton } from '@/client/ui/feedback';
import { formatScore, formatWhen } from '@/client/features/grading/kernel/format';
import { STUDENT_HEADING } from '@/client/features/grading/kernel/use-student-navigator';
import { QuizStateBadge } from './quiz-student-list';

export type AnswersState = {
  status: 'pending' | 'error' | 'success';
  answers: QuizAnswer[];
  error: string | null;
  /** Absent when trying again cannot help (Canvas keeps this quiz's answers to itself). */
  onRetry: (() => void) | null;
  isRetrying: boolean;
};

const STATE_TONES: Record<QuestionAnswerState, 'success' | 'danger' | 'info' | 'neutral'> = {
  correct: 'success',
  incorrect: 'danger',
  answered: 'info',
  no_answer: 'neutral',
};

const HTML_CLASSES =
  'break-words [&_a]:text-brand-600 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_p]:mb-2 [&_p:last-child]:mb-0 [&_ul]:list-disc';

/** Canvas records the chosen answer's id for these; the text of that choice is what the student saw. */
const CHOICE_TYPES = new Set(['multiple_choice_question', 'true_false_question']);

export function answerFor(answers: readonly QuizAnswer[], questionId: number): QuizAnswer | undefined {
  return answers.find((answer) => answer.question_id === questionId);
}

/** The second column: the student's submission, every question with its state, and the selected question's detail. */
export function QuizSubmissionPanel({
  submission,
  questions,
  selectedQuestionId,
  onSelectQuestion,
  answers,
}: {
  submission: QuizGradingSubmission;
  questions: QuizQuestion[];
  selectedQuestionId: number | null;
  onSelectQuestion: (questionId: number) => void;
  answers: AnswersState;
}) {
  const selected = questions.find((question) => question.id === selectedQuestionId) ?? null;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <Card>
        <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-3">
          <div className="min-w-0">
            <CardTitle data-testid="student-name" {...STUDENT_HEADING}>
              {submission.user.name}
            </CardTitle>
            <p className="text-sm text-slate-600">
              {submission.finished_at ? `Submitted ${formatWhen(submission.finished_at)}` : 'Still taking the quiz'}
              {submission.attempt && submission.attempt > 1 ? ` · Attempt ${submission.attempt}` : ''}
            </p>
          </div>
          <div className="flex flex-col items-end gap-1">
            <QuizStateBadge state={submission.workflow_state} />
            <span className="text-sm font-semibold tabular-nums" data-testid="submission-score">
              {submission.score === null ? '–' : formatScore(submission.score)}
              {submission.points_possible !== null ? ` / ${formatScore(submission.points_possible)}` : ''}
            </span>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {answers.status === 'error' ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900"
              data-testid="answers-error"
            >
              <span className="flex items-start gap-2">
                <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>
                  <span className="font-semibold">Failed to load student answers</span>
                  {answers.error ? <span className="block text-red-800">{answers.error}</span> : null}
                </span>
              </span>
              {answers.onRetry ? (
                <Button variant="outline" size="sm" onClick={answers.onRetry} isLoading={answers.isRetrying}>
                  Retry
                </Button>
              ) : null}
            </div>
          ) : null}
          <ol className="flex flex-col gap-1.5" aria-label="Questions" data-testid="question-list">
            {questions.map((question, position) => {
              const answer = answerFor(answers.answers, question.id);
              const state = answers.status === 'success' ? questionAnswerState(question.question_type, answer) : null;
              const isSelected = question.id === selectedQuestionId;
              return (
                <li key={question.id}>
                  <button
                    type="button"
                    onClick={() => onSelectQuestion(question.id)}
                    aria-current={isSelected ? 'true' : undefined}
                    data-testid="question-row"
                    className={cn(
                      'flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 text-left text-sm transition-colors',
                      isSelected ? 'border-brand-300 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                    )}
                  >
                    <span className="font-semibold tabular-nums text-slate-500">Q{position + 1}</span>
                    <span className="min-w-0 flex-1 truncate font-medium">
                      {question.name || `Question ${position + 1}`}
                      {question.needs_manual_grading ? (
                        <span className="text-red-600" title="Needs manual grading">
                          {' '}
                          *
                        </span>
                      ) : null}
                    </span>
                    <span className="text-xs text-slate-600">{questionTypeLabel(question.question_type)}</span>
                    {state ? (
                      <Badge tone={STATE_TONES[state]}>{QUESTION_STATE_LABELS[state]}</Badge>
                    ) : answers.status === 'pending' ? (
                      <Skeleton className="h-5 w-16 rounded-full" />
                    ) : null}
                    <span className="w-16 text-right tabular-nums text-slate-700">
                      {answer && state !== null && answer.correct !== 'undefined' ? formatScore(answer.points) : '–'} /{' '}
                      {formatScore(question.points_possible)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
          <p className="text-xs text-slate-500">* needs manual grading (essay, fill in the blanks, file upload)</p>
        </CardContent>
      </Card>
      {selected ? (
        <QuestionDetail
          question={selected}
          position={questions.indexOf(selected) + 1}
          answer={answerFor(answers.answers, selected.id)}
          status={answers.status}
        />
      ) : null}
    </div>
  );
}

function QuestionDetail({
  question,
  position,
  answer,
  status,
}: {
  question: QuizQuestion;
  position: number;
  answer: QuizAnswer | undefined;
  status: AnswersState['status'];
}) {
  const state = status === 'success' ? questionAnswerState(question.question_type, answer) : null;
  return (
    <Card data-testid="question-detail">
      <CardHeader className="pb-2">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">
          Question {position} · {questionTypeLabel(question.question_type)}
          {question.needs_manual_grading ? ' *' : ''} · {formatScore(question.points_possible)} points
        </p>
        <CardTitle className="text-base">{question.name || `Question ${position}`}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <div className={HTML_CLASSES} dangerouslySetInnerHTML={{ __html: sanitizeHtml(question.question_text) }} />
        <section aria-label="Student's answer" className="flex flex-col gap-2">
          <h3 className="flex items-center gap-2 font-semibold">
            Student's answer
            {state ? <Badge tone={STATE_TONES[state]}>{QUESTION_STATE_LABELS[state]}</Badge> : null}
          </h3>
          {status === 'pending' ? (
            <Skeleton className="h-20" />
          ) : status === 'error' ? (
            <p
              className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-amber-900"
              data-testid="answer-unavailable"
            >
              Unable to load student answer. You can still grade this question based on other information available.
            </p>
          ) : (
            <AnswerBody question={question} answer={answer} />
          )}
          {answer?.teacher_comment ? (
            <p className="flex gap-2 rounded-lg bg-slate-50 p-3">
              <MessageCircle className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
              <span>
                <span className="font-medium">Your comment in Canvas: </span>
                {answer.teacher_comment}
              </span>
            </p>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}

function AnswerBody({ question, answer }: { question: QuizQuestion; answer: QuizAnswer | undefined }) {
  if (questionAnswerState(question.question_type, answer) === 'no_answer' || !answer) {
    return <p className="italic text-slate-600">No answer.</p>;
  }
  if (
    CHOICE_TYPES.has(question.question_type) &&
    question.answers.length > 0 &&
    (answer.answer_id !== null || /^\d+$/.test(answer.text ?? ''))
  ) {
    const chosenId = answer.answer_id ?? Number(answer.text);
    return (
      <ul className="flex flex-col gap-1.5" data-testid="answer-choices">
        {question.answers.map((choice) => {
          const isChosen = choice.id === chosenId;
          return (
            <li
              key={choice.id}
              className={cn(
                'flex items-center gap-2 rounded-lg border px-3 py-2',
                isChosen
                  ? choice.is_correct
                    ? 'border-emerald-300 bg-emerald-50'
                    : 'border-red-300 bg-red-50'
                  : 'border-slate-200',
              )}
            >
              {choice.is_correct ? (
                <Check className="size-4 shrink-0 text-emerald-700" aria-label="Correct answer" />
              ) : (
                <X className="size-4 shrink-0 text-slate-300" aria-hidden />
              )}
              <span className={cn('flex-1', isChosen && 'font-medium')}>{choice.text}</span>
              {isChosen ? <Badge tone="neutral">Student's choice</Badge> : null}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <div
      className={cn(HTML_CLASSES, 'rounded-lg border border-slate-100 bg-paper p-4 font-serif leading-relaxed')}
      data-testid="answer-text"
    >
      <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(answer.text ?? '') }} />
    </div>
  );
}
