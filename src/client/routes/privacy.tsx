import privacy from '@/../content/legal/privacy.md';
import { usePageMeta } from '@/client/lib/page-meta';
import { LegalDocument } from '@/client/features/marketing/components/legal-document';

export default function PrivacyRoute() {
  usePageMeta(String(privacy.frontmatter.title), String(privacy.frontmatter.description));
  return <LegalDocument content={privacy} pledgeSectionId="our-student-privacy-pledge" />;
}
