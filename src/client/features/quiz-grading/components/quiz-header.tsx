import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowLeft, CheckCircle2, ClipboardList, Clock, ExternalLink, FileText, PenLine, Trophy } from 'lucide-react';
import { quizTypeLabel, timeLimitLabel, type QuizGradingView } from '@/shared/schemas/quiz-grading';
import { formatScore } from '@/client/components/grading/format';

export function QuizHeader({ courseId, view, actions }: { courseId: string; view: QuizGradingView; actions?: ReactNode }) {
  const { quiz, counts } = view;
  return (
    <header className="flex flex-col gap-4">
      <nav aria-label="Breadcrumb" className="flex items-center gap-2 text-sm text-slate-600">
        <Link to={`/courses/${courseId}`} className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          {quiz.course.name}
        </Link>
        <span aria-hidden>/</span>
        <span>Grade Quiz</span>
      </nav>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{quiz.title}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1" data-testid="quiz-type">
              <ClipboardList className="size-4" aria-hidden />
              {quizTypeLabel(quiz.quiz_type)}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="quiz-points">
              <Trophy className="size-4" aria-hidden />
              {quiz.points_possible === null ? 'No points' : `${formatScore(quiz.points_possible)} points`}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="quiz-time-limit">
              <Clock className="size-4" aria-hidden />
              {timeLimitLabel(quiz.time_limit)}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="quiz-submission-count">
              <FileText className="size-4" aria-hidden />
              {counts.submissions} {counts.submissions === 1 ? 'submission' : 'submissions'}
            </span>
            <span className="inline-flex items-center gap-1" data-testid="quiz-manual-count">
              <PenLine className="size-4" aria-hidden />
              {counts.manual_grading_questions} {counts.manual_grading_questions === 1 ? 'question needs' : 'questions need'} manual grading
            </span>
          </p>
        </div>
        <div className="flex items-center gap-2">
          {actions}
          <a
            href={quiz.html_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-50"
          >
            <ExternalLink className="size-4" aria-hidden />
            Open in Canvas
          </a>
        </div>
      </div>
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
    </header>
  );
}
