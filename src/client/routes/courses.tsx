import { usePageMeta } from '@/client/lib/page-meta';
import { Page } from '@/client/components/page';
import { CourseList } from '@/client/features/courses/components/course-list';

export default function CoursesRoute() {
  usePageMeta('Courses');
  return (
    <Page title="Your Courses" description="Courses from your Canvas account, with what is waiting to be graded.">
      <CourseList />
    </Page>
  );
}
