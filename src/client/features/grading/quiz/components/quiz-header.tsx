import type { ReactNode } from 'react';
import { CheckCircle2, ClipboardList, Clock, FileText, PenLine, Trophy } from 'lucide-react';
import { quizTypeLabel, timeLimitLabel, type QuizGradingView } from '@/shared/schemas/quiz-grading';
import { formatScore } from '@/client/features/grading/kernel/format';
import { GradingHeader, HeaderFact } from '@/client/features/grading/kernel/grading-header';

export function QuizHeader({
  courseId,
  view,
  actions,
}: {
  courseId: string;
  view: QuizGradingView;
  actions?: ReactNode;
}) {
  const { quiz, counts } = view;
  return (
    <GradingHeader
      courseId={courseId}
      courseName={quiz.course.name}
      crumb="Grade Quiz"
      title={quiz.title}
      canvasUrl={quiz.html_url}
      actions={actions}
      facts={
        <>
          <HeaderFact icon={<ClipboardList aria-hidden />} testId="quiz-type">
            {quizTypeLabel(quiz.quiz_type)}
          </HeaderFact>
          <HeaderFact icon={<Trophy aria-hidden />} testId="quiz-points">
            {quiz.points_possible === null ? 'No points' : `${formatScore(quiz.points_possible)} points`}
          </HeaderFact>
          <HeaderFact icon={<Clock aria-hidden />} testId="quiz-time-limit">
            {timeLimitLabel(quiz.time_limit)}
          </HeaderFact>
          <HeaderFact icon={<FileText aria-hidden />} testId="quiz-submission-count">
            {counts.submissions} {counts.submissions === 1 ? 'submission' : 'submissions'}
          </HeaderFact>
          <HeaderFact icon={<PenLine aria-hidden />} testId="quiz-manual-count">
            {counts.manual_grading_questions}{' '}
            {counts.manual_grading_questions === 1 ? 'question needs' : 'questions need'} manual grading
          </HeaderFact>
        </>
      }
    >
      <div className="grid grid-cols-2 gap-3 sm:max-w-md">
        <div className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3">
          <p className="flex items-center gap-1.5 text-sm font-medium text-amber-900">
            <PenLine className="size-4" aria-hidden />
            Needs Grading
          </p>
          <p className="text-2xl font-semibold tabular-nums text-amber-950" data-testid="needs-grading-count">
            {counts.needs_grading}
          </p>
        </div>
        <div className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3">
          <p className="flex items-center gap-1.5 text-sm font-medium text-emerald-900">
            <CheckCircle2 className="size-4" aria-hidden />
            Graded
          </p>
          <p className="text-2xl font-semibold tabular-nums text-emerald-950" data-testid="graded-count">
            {counts.graded}
          </p>
        </div>
      </div>
    </GradingHeader>
  );
}
