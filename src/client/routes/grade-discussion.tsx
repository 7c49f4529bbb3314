import { useParams } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import { DiscussionGradingScreen } from '@/client/features/grading/discussion/components/discussion-grading-screen';

export default function GradeDiscussionRoute() {
  const { courseId = '', discussionId = '' } = useParams();
  usePageMeta('Grade Discussion');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <DiscussionGradingScreen key={`${courseId}:${discussionId}`} courseId={courseId} discussionId={discussionId} />
    </div>
  );
}
