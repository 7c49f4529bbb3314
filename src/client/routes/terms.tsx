import terms from '@/../content/legal/terms.md';
import { usePageMeta } from '@/client/lib/page-meta';
import { LegalDocument } from '@/client/features/marketing/components/legal-document';

export default function TermsRoute() {
  usePageMeta(String(terms.frontmatter.title), String(terms.frontmatter.description));
  return <LegalDocument content={terms} />;
}
