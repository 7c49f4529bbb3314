import howMarginUsesAi from '@/../content/legal/how-margin-uses-ai.md';
import { usePageMeta } from '@/client/lib/page-meta';
import { LegalDocument } from '@/client/features/marketing/components/legal-document';

export default function HowMarginUsesAiRoute() {
  usePageMeta(String(howMarginUsesAi.frontmatter.title), String(howMarginUsesAi.frontmatter.description));
  return <LegalDocument content={howMarginUsesAi} />;
}
