import { AlertCircle } from 'lucide-react';
import { ButtonLink } from '@/client/ui/button';
import { EmptyState } from '@/client/ui/feedback';

export type MissingThing = 'course' | 'assignment' | 'discussion' | 'quiz';

const TITLES: Record<MissingThing, string> = {
  course: 'Course not found',
  assignment: 'Assignment not found',
  discussion: 'Discussion not found',
  quiz: 'Quiz not found',
};

/**
 * What a teacher sees for a course (or an item in one) that does not exist: the same page whether
 * Canvas said 404 or the address could never name one (/courses/abc).
 */
export function NotFoundState({ thing = 'course' }: { thing?: MissingThing }) {
  return (
    <EmptyState icon={<AlertCircle />} title={TITLES[thing]}>
      <p className="mb-4">This {thing} does not exist in your Canvas account, or you no longer have access to it.</p>
      <ButtonLink to="/courses" variant="outline">
        Back to Courses
      </ButtonLink>
    </EmptyState>
  );
}
