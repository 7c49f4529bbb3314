import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CourseAnalytics, CourseStudents, StudentRecord } from '@/shared/schemas/insights';
import { apiFetch } from '@/client/lib/api-client';

export type AnalyticsFilter = { group: string; from: string; to: string };

const INSIGHTS_KEY = ['insights'] as const;

function searchOf(filter: AnalyticsFilter, fresh: boolean): string {
  const params = new URLSearchParams();
  if (filter.group) params.set('group', filter.group);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (fresh) params.set('fresh', '1');
  const text = params.toString();
  return text ? `?${text}` : '';
}

const coursePath = (courseId: string) => `/api/insights/courses/${encodeURIComponent(courseId)}`;

export const courseAnalyticsQuery = (courseId: string, filter: AnalyticsFilter) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, courseId, 'analytics', filter],
    queryFn: ({ signal }) =>
      apiFetch<CourseAnalytics>(`${coursePath(courseId)}/analytics${searchOf(filter, false)}`, { signal }),
    staleTime: 60_000,
  });

export const courseStudentsQuery = (courseId: string) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, courseId, 'students'],
    queryFn: ({ signal }) => apiFetch<CourseStudents>(`${coursePath(courseId)}/students`, { signal }),
    staleTime: 60_000,
  });

export const studentRecordQuery = (courseId: string, studentId: number) =>
  queryOptions({
    queryKey: [...INSIGHTS_KEY, courseId, 'student', studentId],
    queryFn: ({ signal }) => apiFetch<StudentRecord>(`${coursePath(courseId)}/students/${studentId}`, { signal }),
    staleTime: 60_000,
  });

export const useCourseAnalytics = (courseId: string, filter: AnalyticsFilter) =>
  useQuery({ ...courseAnalyticsQuery(courseId, filter), placeholderData: keepPreviousData });
export const useCourseStudents = (courseId: string) => useQuery(courseStudentsQuery(courseId));
export const useStudentRecord = (courseId: string, studentId: number) =>
  useQuery(studentRecordQuery(courseId, studentId));

/** Reads Canvas again for this course (the server keeps a reading for a minute). */
export async function refreshCourseInsights(courseId: string): Promise<void> {
  await apiFetch(`${coursePath(courseId)}/students?fresh=1`);
}

export const courseInsightsKey = (courseId: string) => [...INSIGHTS_KEY, courseId] as const;
