import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseDetail, CourseSummary, NeedsGradingItem } from '@/shared/schemas/canvas';
import { apiFetch } from '@/client/lib/api-client';
import { COURSES_KEY, NEEDS_GRADING_KEY } from '@/client/lib/query-keys';

export const coursesQuery = queryOptions({
  queryKey: COURSES_KEY,
  queryFn: ({ signal }) =>
    apiFetch<{ courses: CourseSummary[] }>('/api/courses', { signal }).then((body) => body.courses),
});

export const courseDetailQuery = (courseId: string) =>
  queryOptions({
    queryKey: [...COURSES_KEY, courseId],
    queryFn: ({ signal }) => apiFetch<CourseDetail>(`/api/courses/${encodeURIComponent(courseId)}`, { signal }),
  });

export const needsGradingQuery = queryOptions({
  queryKey: NEEDS_GRADING_KEY,
  queryFn: ({ signal }) =>
    apiFetch<{ assignments: NeedsGradingItem[] }>('/api/needs-grading', { signal }).then((body) => body.assignments),
});

export const useCourses = () => useQuery(coursesQuery);
export const useCourseDetail = (courseId: string) => useQuery(courseDetailQuery(courseId));
export const useNeedsGrading = () => useQuery(needsGradingQuery);
