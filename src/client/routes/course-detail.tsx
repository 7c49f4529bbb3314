import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import {
  BackToCourses,
  CourseDetailView,
  type CourseTabSlots,
} from '@/client/features/courses/components/course-detail-view';
import { Spinner } from '@/client/ui/feedback';

// The two tabs and their charting library load when a tab is opened, not with the course page.
const AnalyticsTab = lazy(() =>
  import('@/client/features/insights/components/analytics-tab').then((module) => ({ default: module.AnalyticsTab })),
);
const StudentsTab = lazy(() =>
  import('@/client/features/insights/components/students-tab').then((module) => ({ default: module.StudentsTab })),
);

const tabs: CourseTabSlots = {
  students: (course) => (
    <Suspense fallback={<Spinner label="Loading the Students tab…" className="py-10" />}>
      <StudentsTab courseId={course.id} courseName={course.name} />
    </Suspense>
  ),
  analytics: (course) => (
    <Suspense fallback={<Spinner label="Loading the Analytics tab…" className="py-10" />}>
      <AnalyticsTab courseId={course.id} courseName={course.name} />
    </Suspense>
  ),
};

export default function CourseDetailRoute() {
  const { courseId = '' } = useParams();
  usePageMeta('Course');
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <BackToCourses />
      <CourseDetailView courseId={courseId} tabs={tabs} />
    </div>
  );
}
