import { useParams } from 'react-router';
import { usePageMeta } from '@/client/lib/page-meta';
import { usePurchaseReturn } from '@/client/features/billing/use-purchase-return';
import { QuizGradingScreen } from '@/client/features/grading/quiz/components/quiz-grading-screen';

export default function GradeQuizRoute() {
  const { courseId = '', quizId = '' } = useParams();
  usePageMeta('Grade Quiz');
  // Back from an upgrade begun on this screen: the purchase is told, usage read again, the student kept.
  usePurchaseReturn();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6">
      <QuizGradingScreen key={`${courseId}:${quizId}`} courseId={courseId} quizId={quizId} />
    </div>
  );
}
