import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  AlertCircle,
  ArrowLeft,
  CalendarDays,
  ClipboardList,
  ExternalLink,
  GraduationCap,
  MessageSquare,
  Users,
} from 'lucide-react';
import {
  courseStatusLabel,
  isGradableQuiz,
  type AssignmentSummary,
  type CourseDetail,
  type DiscussionSummary,
  type QuizSummary,
} from '@/shared/schemas/canvas';
import { formatCount } from '@/shared/usage';
import { ApiError } from '@/client/lib/api-client';
import { ButtonLink } from '@/client/ui/button';
import { Card } from '@/client/ui/card';
import { Badge, EmptyState, Skeleton } from '@/client/ui/feedback';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/client/ui/tabs';
import { useCourseDetail } from '../api/courses-api';
import { formatDate, formatDateRange, formatDateTime, formatPoints } from '../format';
import { CanvasErrorState } from './canvas-error';
import { ERROR_CODE } from '@/shared/error-codes';
import { NotFoundState } from '@/client/components/not-found-state';

const QUIZ_TYPE_LABELS: Record<QuizSummary['quiz_type'], string> = {
  assignment: 'Graded quiz',
  practice_quiz: 'Practice quiz',
  graded_survey: 'Graded survey',
  survey: 'Survey',
};

/** The Students and Analytics tabs come from their own feature; the route hands them in. */
export type CourseTabSlots = {
  students: (course: { id: string; name: string }) => ReactNode;
  analytics: (course: { id: string; name: string }) => ReactNode;
};

export function CourseDetailView({ courseId, tabs }: { courseId: string; tabs: CourseTabSlots }) {
  const detail = useCourseDetail(courseId);

  if (detail.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <div className="grid gap-4 sm:grid-cols-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (detail.isError) {
    const isMissing =
      detail.error instanceof ApiError &&
      (detail.error.code === ERROR_CODE.CANVAS_NOT_FOUND || detail.error.status === 404);
    if (isMissing) return <NotFoundState />;
    return (
      <CanvasErrorState error={detail.error} title="Could not load this course" onRetry={() => void detail.refetch()} />
    );
  }
  return <CourseDetailContent detail={detail.data} tabs={tabs} />;
}

function CourseDetailContent({ detail, tabs }: { detail: CourseDetail; tabs: CourseTabSlots }) {
  const { course, assignments, discussions, quizzes } = detail;
  const status = courseStatusLabel(course.workflow_state);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{course.name}</h1>
          <div className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone={status === 'Active' ? 'success' : status === 'Unpublished' ? 'warning' : 'neutral'}>
              {status}
            </Badge>
            {course.course_code ? <span>{course.course_code}</span> : null}
          </div>
        </div>
        <a
          href={course.html_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50"
        >
          <ExternalLink className="size-4" aria-hidden />
          Open in Canvas
        </a>
      </header>

      <div className="grid gap-4 sm:grid-cols-3">
        <InfoCard icon={<GraduationCap />} label="Term" value={course.term?.name ?? 'No term assigned'} />
        <InfoCard icon={<CalendarDays />} label="Dates" value={formatDateRange(course.start_at, course.end_at)} />
        <InfoCard icon={<Users />} label="Students" value={`${formatCount(course.total_students ?? 0)} enrolled`} />
      </div>

      {course.needs_grading_count > 0 ? (
        <div
          className="flex items-center gap-3 rounded-xl border border-orange-200 bg-orange-50 p-4 text-orange-900"
          data-testid="needs-grading-banner"
        >
          <AlertCircle className="size-5 shrink-0 text-orange-600" aria-hidden />
          <p>
            <strong>{formatCount(course.needs_grading_count)}</strong>{' '}
            {course.needs_grading_count === 1 ? 'item needs' : 'items need'} grading in this course.
          </p>
        </div>
      ) : null}

      <Tabs defaultValue="assignments">
        {/* On a phone the five tabs wrap onto a second line: every label whole, nothing wider than the screen. */}
        <TabsList aria-label="Course content" wrap>
          <TabsTrigger value="assignments">Assignments ({assignments.length})</TabsTrigger>
          <TabsTrigger value="discussions">Discussions ({discussions.length})</TabsTrigger>
          <TabsTrigger value="quizzes">Quizzes ({quizzes.length})</TabsTrigger>
          <TabsTrigger value="students">Students</TabsTrigger>
          <TabsTrigger value="analytics">Analytics</TabsTrigger>
        </TabsList>
        <TabsContent value="assignments">
          <AssignmentList courseId={course.id} assignments={assignments} />
        </TabsContent>
        <TabsContent value="discussions">
          <DiscussionList courseId={course.id} discussions={discussions} />
        </TabsContent>
        <TabsContent value="quizzes">
          <QuizTable courseId={course.id} quizzes={quizzes} />
        </TabsContent>
        <TabsContent value="students">{tabs.students({ id: String(course.id), name: course.name })}</TabsContent>
        <TabsContent value="analytics">{tabs.analytics({ id: String(course.id), name: course.name })}</TabsContent>
      </Tabs>
    </div>
  );
}

function InfoCard({ icon, label, value }: { icon: React.ReactNode; label: string; value: string }) {
  return (
    <Card className="flex items-center gap-3 p-4">
      <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5">
        {icon}
      </span>
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
        <p className="font-medium" data-testid={`info-${label.toLowerCase()}`}>
          {value}
        </p>
      </div>
    </Card>
  );
}

function AssignmentList({ courseId, assignments }: { courseId: number; assignments: AssignmentSummary[] }) {
  if (assignments.length === 0)
    return <EmptyState icon={<ClipboardList />} title="No assignments found for this course." />;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {assignments.map((assignment) => (
        <li
          key={assignment.id}
          className="flex flex-wrap items-center justify-between gap-3 p-4"
          data-testid="assignment-row"
        >
          <div className="min-w-0">
            <p className="font-medium">{assignment.name}</p>
            <p className="text-sm text-slate-600">
              {assignment.due_at ? `Due ${formatDateTime(assignment.due_at)}` : 'No due date'} ·{' '}
              {formatPoints(assignment.points_possible)}
              {assignment.has_rubric ? ' · Rubric' : ''}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {assignment.needs_grading_count > 0 ? (
              <Badge tone="danger">{formatCount(assignment.needs_grading_count)} to grade</Badge>
            ) : null}
            <ButtonLink
              to={`/courses/${courseId}/assignments/${assignment.id}/grade`}
              size="sm"
              aria-label={`Grade ${assignment.name}`}
            >
              Grade
            </ButtonLink>
          </div>
        </li>
      ))}
    </ul>
  );
}

function DiscussionList({ courseId, discussions }: { courseId: number; discussions: DiscussionSummary[] }) {
  if (discussions.length === 0)
    return <EmptyState icon={<MessageSquare />} title="No discussions found for this course." />;
  return (
    <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
      {discussions.map((discussion) => (
        <li
          key={discussion.id}
          className="flex flex-wrap items-center justify-between gap-3 p-4"
          data-testid="discussion-row"
        >
          <div className="min-w-0">
            <p className="font-medium">{discussion.title}</p>
            <p className="text-sm text-slate-600">
              {discussion.posted_at ? `Posted ${formatDate(discussion.posted_at)}` : 'Not posted yet'} ·{' '}
              {formatCount(discussion.reply_count)} replies
              {discussion.is_assignment ? ` · ${formatPoints(discussion.points_possible)}` : ' · Ungraded'}
            </p>
          </div>
          <div className="flex items-center gap-3">
            {discussion.needs_grading_count > 0 ? (
              <Badge tone="danger">{formatCount(discussion.needs_grading_count)} to grade</Badge>
            ) : null}
            {discussion.is_assignment ? (
              <ButtonLink
                to={`/courses/${courseId}/discussions/${discussion.id}/grade`}
                size="sm"
                aria-label={`Grade ${discussion.title}`}
              >
                Grade
              </ButtonLink>
            ) : (
              <Badge>Not graded</Badge>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function QuizTable({ courseId, quizzes }: { courseId: number; quizzes: QuizSummary[] }) {
  if (quizzes.length === 0) return <EmptyState icon={<ClipboardList />} title="No quizzes found for this course." />;
  return (
    // `relative`: the table's visually hidden header text is positioned inside this scroller, not against the page.
    <div
      className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
      data-testid="quiz-table-scroller"
    >
      <table className="w-full min-w-[640px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Quiz
            </th>
            <th scope="col" className="px-4 py-3">
              Type
            </th>
            <th scope="col" className="px-4 py-3">
              Due
            </th>
            <th scope="col" className="px-4 py-3">
              Points
            </th>
            <th scope="col" className="px-4 py-3">
              Time limit
            </th>
            <th scope="col" className="px-4 py-3">
              Attempts
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {quizzes.map((quiz) => (
            <tr key={quiz.id} data-testid="quiz-row">
              <td className="px-4 py-3">
                <span className="font-medium">{quiz.title}</span>
                {!quiz.published ? (
                  <Badge tone="warning" className="ml-2">
                    Unpublished
                  </Badge>
                ) : null}
              </td>
              <td className="px-4 py-3">{QUIZ_TYPE_LABELS[quiz.quiz_type]}</td>
              <td className="px-4 py-3">{formatDate(quiz.due_at) ?? 'No due date'}</td>
              <td className="px-4 py-3">{quiz.points_possible ?? '–'}</td>
              <td className="px-4 py-3">{quiz.time_limit ? `${quiz.time_limit} minutes` : 'No limit'}</td>
              <td className="px-4 py-3">{quiz.allowed_attempts === -1 ? 'Unlimited' : quiz.allowed_attempts}</td>
              <td className="px-4 py-3 text-right">
                {isGradableQuiz(quiz) ? (
                  <ButtonLink
                    to={`/courses/${courseId}/quizzes/${quiz.id}/grade`}
                    size="sm"
                    aria-label={`Grade ${quiz.title}`}
                  >
                    Grade
                  </ButtonLink>
                ) : quiz.quiz_type === 'practice_quiz' || quiz.quiz_type === 'survey' ? (
                  // No grade in Canvas, so nothing to grade here (and no credit to spend).
                  <span className="text-xs text-slate-500" data-testid="quiz-not-graded-label">
                    Not graded in Canvas
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function BackToCourses() {
  return (
    <Link to="/courses" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-600 hover:underline">
      <ArrowLeft className="size-4" aria-hidden />
      Back to Courses
    </Link>
  );
}
