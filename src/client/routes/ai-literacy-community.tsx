import { usePageMeta } from '@/client/lib/page-meta';
import { CommunityPage } from '@/client/features/literacy/components/community-page';

export default function AiLiteracyCommunityRoute() {
  usePageMeta(
    'Stay Connected with AI Literacy Community',
    'Join the AI Literacy Newsletter, register for the webinar "Building AI Literacy: A Practical Approach" and read the AI Pedagogy Hub.',
  );
  return <CommunityPage />;
}
