import { useParams } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import { BackToCourses, CourseDetailView } from '@/client/features/courses/components/course-detail-view';

export default function CourseDetailRoute() {
  const { courseId = '' } = useParams();
  usePageMeta('Course');
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6">
      <BackToCourses />
      <CourseDetailView courseId={courseId} />
    </div>
  );
}
