import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, CalendarDays, RefreshCw, Star, Users } from 'lucide-react';
import { courseStatusLabel, type CourseSummary } from '@/shared/schemas/canvas';
import { formatCount } from '@/shared/usage';
import { cn } from '@/client/lib/cn';
import { Button, ButtonLink } from '@/client/ui/button';
import { Badge, EmptyState, Skeleton } from '@/client/ui/feedback';
import { coursesQuery, useCourses } from '../api/courses-api';
import { formatDateRange } from '../format';
import { CanvasErrorState } from './canvas-error';

const FILTERS = [
  { id: 'all', label: 'All Courses', matches: () => true },
  { id: 'favorites', label: 'Favorites', matches: (course: CourseSummary) => course.is_favorite },
  { id: 'active', label: 'Active', matches: (course: CourseSummary) => course.workflow_state === 'available' },
  {
    id: 'unpublished',
    label: 'Unpublished',
    matches: (course: CourseSummary) => course.workflow_state === 'unpublished',
  },
] as const;
type FilterId = (typeof FILTERS)[number]['id'];

export function CourseList() {
  const courses = useCourses();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<FilterId>('all');
  const [isRefreshing, setRefreshing] = useState(false);

  async function refresh() {
    setRefreshing(true);
    try {
      await queryClient.fetchQuery({ ...coursesQuery, staleTime: 0 });
    } catch {
      // The query's error state shows what went wrong.
    } finally {
      setRefreshing(false);
    }
  }

  const all = courses.data ?? [];
  const active = FILTERS.find((candidate) => candidate.id === filter)!;
  const shown = all.filter(active.matches);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="group" aria-label="Filter courses" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {FILTERS.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              aria-pressed={filter === candidate.id}
              onClick={() => setFilter(candidate.id)}
              className={cn(
                'rounded-md px-3 py-1.5 text-sm font-medium',
                filter === candidate.id ? 'bg-white text-ink shadow-sm' : 'text-slate-600 hover:text-ink',
              )}
            >
              {candidate.label}
            </button>
          ))}
        </div>
        <Button variant="outline" onClick={refresh} isLoading={isRefreshing}>
          {isRefreshing ? null : <RefreshCw aria-hidden />}
          Refresh Courses
        </Button>
      </div>

      {courses.isPending ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-48 rounded-xl" />
          ))}
        </div>
      ) : courses.isError && !courses.data ? (
        <CanvasErrorState
          error={courses.error}
          title="Could not load your courses"
          onRetry={() => void courses.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-slate-600" data-testid="course-count">
            Showing {formatCount(shown.length)} of {formatCount(all.length)} courses
          </p>
          {all.length === 0 ? (
            <EmptyState
              icon={<BookOpen />}
              title="No courses found. Make sure your Canvas integration is properly configured."
            />
          ) : shown.length === 0 ? (
            <EmptyState icon={<BookOpen />} title="No courses match the selected filter." />
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {shown.map((course) => (
                <li key={course.id}>
                  <CourseCard course={course} />
                </li>
              ))}
            </ul>
          )}
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Star className="size-4" aria-hidden />
            Favorites are managed in Canvas: star a course in Canvas's course list and it shows here after a refresh.
          </p>
        </>
      )}
    </div>
  );
}

function CourseCard({ course }: { course: CourseSummary }) {
  const status = courseStatusLabel(course.workflow_state);
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="course-card"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold leading-snug text-ink">{course.name}</h2>
          {course.course_code ? <p className="text-sm text-slate-600">{course.course_code}</p> : null}
        </div>
        {course.is_favorite ? (
          <Star className="size-4 shrink-0 fill-amber-400 text-amber-500" aria-label="Favorite" />
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <Badge tone={status === 'Active' ? 'success' : status === 'Unpublished' ? 'warning' : 'neutral'}>
          {status}
        </Badge>
        {course.needs_grading_count > 0 ? (
          <Badge tone="danger" data-testid="needs-grading-badge">
            {formatCount(course.needs_grading_count)} to grade
          </Badge>
        ) : null}
      </div>
      <dl className="flex flex-col gap-1.5 text-sm text-slate-600">
        <div className="flex items-center gap-2">
          <CalendarDays className="size-4" aria-hidden />
          <dt className="sr-only">Dates</dt>
          <dd>{formatDateRange(course.start_at, course.end_at)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Users className="size-4" aria-hidden />
          <dt className="sr-only">Students</dt>
          <dd>{formatCount(course.total_students ?? 0)} students</dd>
        </div>
      </dl>
      <div className="mt-auto pt-2">
        <ButtonLink
          to={`/courses/${course.id}`}
          variant="secondary"
          className="w-full"
          aria-label={`View Course ${course.name}`}
        >
          View Course
        </ButtonLink>
      </div>
    </article>
  );
}
