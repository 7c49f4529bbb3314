import { useParams } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import { usePurchaseReturn } from '@/client/features/billing/use-purchase-return';
import { AssignmentGradingScreen } from '@/client/features/grading/assignment/components/assignment-grading-screen';

export default function GradeAssignmentRoute() {
  const { courseId = '', assignmentId = '' } = useParams();
  usePageMeta('Grade Assignment');
  // Back from an upgrade begun on this screen: the purchase is told, usage read again, the student kept.
  usePurchaseReturn();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <AssignmentGradingScreen courseId={courseId} assignmentId={assignmentId} />
    </div>
  );
}
