import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FileX } from 'lucide-react';
import type { QuizAnswer, QuizQuestion } from '@/shared/schemas/quiz-grading';
import { usePublicConfig } from '@/client/lib/public-config';
import { EmptyState, ErrorState, Skeleton } from '@/client/ui/feedback';
import { DEFAULT_AI_OPTIONS, type AiOptionsState } from '@/client/components/grading/ai-options';
import { ShortcutHelp } from '@/client/components/grading/shortcut-help';
import { UsageNotice } from '@/client/components/grading/usage-notice';
import { useGradingShortcuts } from '@/client/components/grading/use-grading-shortcuts';
import { quizAnswersQuery, useQuizAnswers, useQuizDrafts, useQuizView } from '../api/quiz-grading-api';
import { QuestionGradingCard, type CardActions } from './question-grading-card';
import { QuizHeader } from './quiz-header';
import { answerFor, QuizSubmissionPanel, type AnswersState } from './quiz-submission-panel';
import { QuizStudentList } from './quiz-student-list';

const NO_ANSWERS: QuizAnswer[] = [];

/** The question to open first: the first one waiting for a person, else the first manual one, else the first. */
function defaultQuestion(questions: QuizQuestion[], answers: QuizAnswer[]): QuizQuestion | undefined {
  const waiting = questions.find((question) => question.needs_manual_grading && answerFor(answers, question.id)?.correct === 'undefined');
  return waiting ?? questions.find((question) => question.needs_manual_grading) ?? questions[0];
}

export function QuizGradingScreen({ courseId, quizId }: { courseId: string; quizId: string }) {
  const view = useQuizView(courseId, quizId);
  const publicConfig = usePublicConfig();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const [aiOptions, setAiOptions] = useState<AiOptionsState>(DEFAULT_AI_OPTIONS);
  const [isHelpOpen, setHelpOpen] = useState(false);
  const actionsRef = useRef<CardActions | null>(null);

  const submissions = useMemo(() => view.data?.submissions ?? [], [view.data]);
  const questions = useMemo(() => view.data?.questions ?? [], [view.data]);
  const requestedStudent = Number(searchParams.get('student'));
  const foundIndex = submissions.findIndex((submission) => submission.user_id === requestedStudent);
  const index = foundIndex === -1 ? 0 : foundIndex;
  const current = submissions[index] ?? null;
  const canReadAnswers = view.data?.quiz.is_assignment_based ?? false;

  const answers = useQuizAnswers(courseId, quizId, current, canReadAnswers);
  const drafts = useQuizDrafts(courseId, quizId, current?.id ?? null);
  const answerList = answers.data?.answers ?? NO_ANSWERS;

  const requestedQuestion = Number(searchParams.get('question'));
  const selectedQuestion = questions.find((question) => question.id === requestedQuestion) ?? defaultQuestion(questions, answerList) ?? null;

  const updateParams = useCallback(
    (changes: Record<string, string>) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const selectIndex = useCallback(
    (next: number) => {
      const target = submissions[Math.min(Math.max(0, next), submissions.length - 1)];
      if (target) updateParams({ student: String(target.user_id) });
    },
    [submissions, updateParams],
  );

  // The next student's answers are loaded while the teacher reads this one's.
  const following = submissions[index + 1];
  useEffect(() => {
    if (following && canReadAnswers) void queryClient.prefetchQuery(quizAnswersQuery(courseId, quizId, following.id, following.user_id));
  }, [following, canReadAnswers, queryClient, courseId, quizId]);

  useGradingShortcuts({
    isEnabled: submissions.length > 0 && !isHelpOpen,
    next: () => selectIndex(index + 1),
    previous: () => selectIndex(index - 1),
    quickFill: (percent) => actionsRef.current?.quickFill(percent),
    draft: () => actionsRef.current?.draft(),
    saveAndNext: () => actionsRef.current?.save(true),
    help: () => setHelpOpen(true),
  });

  if (view.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-28" />
        <div className="grid gap-5 lg:grid-cols-[240px_minmax(0,1fr)_340px]">
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
          <Skeleton className="h-96" />
        </div>
      </div>
    );
  }
  if (view.isError) {
    return (
      <ErrorState title="Failed to fetch quiz data" message={view.error.message} onRetry={() => void view.refetch()}>
        <ul className="list-disc pl-5 text-sm">
          <li>Check that your Canvas credentials in Settings are still valid.</li>
          <li>Make sure you can grade this quiz in Canvas (classic quizzes only; New Quizzes are graded in Canvas).</li>
        </ul>
        <Link to={`/courses/${courseId}`} className="text-sm font-medium underline">
          Back to the course
        </Link>
      </ErrorState>
    );
  }

  const answersState: AnswersState = !canReadAnswers
    ? { status: 'error', answers: NO_ANSWERS, error: 'Canvas does not share the answers of a quiz without a gradebook assignment (a practice quiz or an ungraded survey).', onRetry: null, isRetrying: false }
    : {
        status: answers.isError ? 'error' : answers.isSuccess ? 'success' : 'pending',
        answers: answerList,
        error: answers.error?.message ?? null,
        onRetry: () => void answers.refetch(),
        isRetrying: answers.isFetching,
      };

  return (
    <div className="flex flex-col gap-5">
      <QuizHeader courseId={courseId} view={view.data} actions={<ShortcutHelp open={isHelpOpen} onOpenChange={setHelpOpen} />} />
      <UsageNotice />
      {submissions.length === 0 || !current ? (
        <EmptyState icon={<FileX />} title="No Submissions Found">
          This quiz doesn't have any submissions to grade yet.
        </EmptyState>
      ) : (
        <div className="grid items-start gap-5 md:grid-cols-[220px_minmax(0,1fr)] lg:grid-cols-[240px_minmax(0,1fr)_340px]">
          <QuizStudentList submissions={submissions} index={index} onSelect={selectIndex} />
          <QuizSubmissionPanel
            submission={current}
            questions={questions}
            selectedQuestionId={selectedQuestion?.id ?? null}
            onSelectQuestion={(questionId) => updateParams({ question: String(questionId), student: String(current.user_id) })}
            answers={answersState}
          />
          <div className="min-w-0 md:col-span-2 lg:sticky lg:top-20 lg:col-span-1 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto">
            {selectedQuestion ? (
              <QuestionGradingCard
                key={`${current.id}:${selectedQuestion.id}:${answersState.status}:${drafts.data?.drafts[String(selectedQuestion.id)] ? 'drafted' : 'none'}`}
                courseId={courseId}
                quizId={quizId}
                submission={current}
                question={selectedQuestion}
                position={questions.indexOf(selectedQuestion) + 1}
                answer={answerFor(answerList, selectedQuestion.id)}
                isAnswerLoaded={answersState.status === 'success'}
                storedDraft={drafts.data?.drafts[String(selectedQuestion.id)]}
                aiOptions={aiOptions}
                onAiOptionsChange={setAiOptions}
                engineName={publicConfig.data?.aiEngine}
                actionsRef={actionsRef}
                onSaved={(andNext) => {
                  if (andNext) selectIndex(index + 1);
                }}
              />
            ) : (
              <EmptyState title="This quiz has no questions." />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
