import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileX, Info } from 'lucide-react';
import {
  isGradedQuiz,
  isQuizWaitingForGrade,
  quizNotGradedMessage,
  type QuizAnswer,
  type QuizQuestion,
} from '@/shared/schemas/quiz-grading';
import { Card, CardContent, CardHeader, CardTitle } from '@/client/ui/card';
import { EmptyState } from '@/client/ui/feedback';
import { AnonymousTopicNotice } from '@/client/features/grading/kernel/anonymous-topic-notice';
import { GradingLoadError } from '@/client/features/grading/kernel/grading-load-error';
import { GradingSkeleton } from '@/client/features/grading/kernel/grading-skeleton';
import { ShortcutHelp } from '@/client/features/grading/kernel/shortcut-help';
import { UsageNotice } from '@/client/features/grading/kernel/usage-notice';
import { useGradingSession } from '@/client/features/grading/kernel/use-grading-session';
import { useStudentNavigator } from '@/client/features/grading/kernel/use-student-navigator';
import { WalkChoice } from '@/client/features/grading/kernel/walk-choice';
import { quizAnswersQuery, quizDraftsQuery, useQuizAnswers, useQuizDrafts, useQuizView } from '../api/quiz-grading-api';
import { QuestionGradeForm } from './question-grade-form';
import { QuizHeader } from './quiz-header';
import { answerFor, QuizSubmissionPanel, type AnswersState } from './quiz-submission-panel';
import { QuizStudentList } from './quiz-student-list';

const NO_ANSWERS: QuizAnswer[] = [];

/** Students, the submission, the grading card (spec part 2 §2.3). */
const COLUMNS = 'lg:grid-cols-[240px_minmax(0,1fr)_340px]';

/** What to check when the quiz does not load. */
const LOAD_TIPS = [
  'Check that your Canvas credentials in Settings are still valid.',
  'Make sure you can grade this quiz in Canvas (classic quizzes only; New Quizzes are graded in Canvas).',
];

/** Canvas keeps the answers of a quiz without a gradebook assignment to itself; trying again cannot help. */
const ANSWERS_UNAVAILABLE: AnswersState = {
  status: 'error',
  answers: NO_ANSWERS,
  error:
    'Canvas does not share the answers of a quiz without a gradebook assignment (a practice quiz or an ungraded survey).',
  onRetry: null,
  isRetrying: false,
};
const ANSWERS_ANONYMOUS: AnswersState = {
  ...ANSWERS_UNAVAILABLE,
  error: 'This quiz is graded anonymously: Canvas gives its answers by student, so read them in SpeedGrader.',
};

/** The question to open first: the first one waiting for a person, else the first manual one, else the first. */
function defaultQuestion(questions: QuizQuestion[], answers: QuizAnswer[]): QuizQuestion | undefined {
  const waiting = questions.find(
    (question) => question.needs_manual_grading && answerFor(answers, question.id)?.correct === 'undefined',
  );
  return waiting ?? questions.find((question) => question.needs_manual_grading) ?? questions[0];
}

export function QuizGradingScreen({ courseId, quizId }: { courseId: string; quizId: string }) {
  const view = useQuizView(courseId, quizId);
  const queryClient = useQueryClient();

  const submissions = useMemo(() => view.data?.submissions ?? [], [view.data]);
  const questions = useMemo(() => view.data?.questions ?? [], [view.data]);
  // Graded anonymously, answers are read by user id, which the screen does not have (decision 067).
  const isAnonymous = view.data?.quiz.anonymous_grading === true;
  const canReadAnswers = (view.data?.quiz.is_assignment_based ?? false) && !isAnonymous;
  const quizAssignmentId = view.data?.quiz.assignment_id ?? null;
  // While the teacher reads a student, the next one's answers and stored drafts are read into the
  // keys the screen shows them from (decision 022). Stored drafts only: nothing here drafts.
  const navigator = useStudentNavigator({
    students: submissions,
    idOf: (submission) => submission.user_id,
    prefetch: (student) => {
      if (canReadAnswers)
        void queryClient.prefetchQuery(
          quizAnswersQuery(courseId, quizId, student.id, student.user_id, quizAssignmentId),
        );
      void queryClient.prefetchQuery(quizDraftsQuery(courseId, quizId, student.id));
    },
    waitsForGrade: isQuizWaitingForGrade,
  });
  const { searchParams, updateParams, current, index, selectIndex, selectId, isHelpOpen, setHelpOpen, actionsRef } =
    navigator;
  // Unsaved scores and comments per student and question survive moving to another student and back.
  const session = useGradingSession({ actionsRef, showNext: () => navigator.move(1), showStudent: selectId });

  const answers = useQuizAnswers(courseId, quizId, current, quizAssignmentId, canReadAnswers);
  const drafts = useQuizDrafts(courseId, quizId, current?.id ?? null);
  const answerList = answers.data?.answers ?? NO_ANSWERS;

  const requestedQuestion = Number(searchParams.get('question'));
  const selectedQuestion =
    questions.find((question) => question.id === requestedQuestion) ?? defaultQuestion(questions, answerList) ?? null;

  if (view.isPending) return <GradingSkeleton label="Loading quiz..." gridClassName={COLUMNS} columnCount={3} />;
  if (view.isError) {
    return (
      <GradingLoadError
        courseId={courseId}
        title="Failed to fetch quiz data"
        message={view.error.message}
        tips={LOAD_TIPS}
        onRetry={() => void view.refetch()}
      />
    );
  }

  // A practice quiz or an ungraded survey is shown, never offered for grading (the server refuses it too).
  const isGraded = isGradedQuiz(view.data.quiz);
  const storedDraft = selectedQuestion ? drafts.data?.drafts[String(selectedQuestion.id)] : undefined;
  const answersState: AnswersState = isAnonymous
    ? ANSWERS_ANONYMOUS
    : !canReadAnswers
      ? ANSWERS_UNAVAILABLE
      : {
          status: answers.isError ? 'error' : answers.isSuccess ? 'success' : 'pending',
          answers: answerList,
          error: answers.error?.message ?? null,
          onRetry: () => void answers.refetch(),
          isRetrying: answers.isFetching,
        };

  return (
    <div className="flex flex-col gap-5">
      <QuizHeader
        courseId={courseId}
        view={view.data}
        actions={
          <>
            <WalkChoice walk={navigator.walk} onWalkChange={navigator.setWalk} waitingCount={navigator.waitingCount} />
            <ShortcutHelp open={isHelpOpen} onOpenChange={setHelpOpen} />
          </>
        }
      />
      {isGraded && !isAnonymous ? <UsageNotice /> : null}
      {!current ? (
        <EmptyState icon={<FileX />} title="No Submissions Found">
          This quiz doesn't have any submissions to grade yet.
        </EmptyState>
      ) : (
        <div className={`grid items-start gap-5 md:grid-cols-[220px_minmax(0,1fr)] ${COLUMNS}`}>
          <QuizStudentList
            submissions={submissions}
            index={index}
            onSelect={selectIndex}
            onMove={navigator.move}
            canMove={navigator.canMove}
          />
          <QuizSubmissionPanel
            submission={current}
            questions={questions}
            selectedQuestionId={selectedQuestion?.id ?? null}
            onSelectQuestion={(questionId) =>
              updateParams({ question: String(questionId), student: String(current.user_id) })
            }
            answers={answersState}
          />
          <div className="min-w-0 md:col-span-2 lg:sticky lg:top-20 lg:col-span-1 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto lg:rounded-xl">
            {isAnonymous ? (
              <AnonymousTopicNotice kind="quiz" canvasUrl={view.data.quiz.html_url} />
            ) : !isGraded ? (
              <Card data-testid="quiz-not-graded">
                <CardHeader className="pb-2">
                  <CardTitle className="flex items-center gap-2 text-base">
                    <Info className="size-4" aria-hidden />
                    Not graded
                  </CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-slate-700">
                  {quizNotGradedMessage(view.data.quiz.quiz_type)}
                </CardContent>
              </Card>
            ) : selectedQuestion ? (
              <QuestionGradeForm
                key={`${current.id}:${selectedQuestion.id}:${answersState.status}`}
                courseId={courseId}
                quizId={quizId}
                quiz={view.data.quiz}
                submission={current}
                question={selectedQuestion}
                position={questions.indexOf(selectedQuestion) + 1}
                answer={answerFor(answerList, selectedQuestion.id)}
                isAnswerLoaded={answersState.status === 'success'}
                storedDraft={storedDraft}
                session={session}
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
