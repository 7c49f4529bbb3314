import { usePageMeta } from '@/client/lib/page-meta';
import { Page } from '@/client/components/page';
import { NeedsGradingList } from '@/client/features/courses/components/needs-grading-list';

export default function NeedsGradingRoute() {
  usePageMeta('Needs Grading');
  return (
    <Page
      title="Needs Grading"
      description="Assignments with submissions waiting for a grade, across all your courses."
    >
      <NeedsGradingList />
    </Page>
  );
}
