import { useParams } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import { usePurchaseReturn } from '@/client/features/billing/use-purchase-return';
import { DiscussionGradingScreen } from '@/client/features/grading/discussion/components/discussion-grading-screen';

export default function GradeDiscussionRoute() {
  const { courseId = '', discussionId = '' } = useParams();
  usePageMeta('Grade Discussion');
  // Back from an upgrade begun on this screen: the purchase is told, usage read again, the student kept.
  usePurchaseReturn();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <DiscussionGradingScreen key={`${courseId}:${discussionId}`} courseId={courseId} discussionId={discussionId} />
    </div>
  );
}
