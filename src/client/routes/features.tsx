import { Rocket, Sparkles } from 'lucide-react';
import { usePageMeta } from '@/client/lib/page-meta';
import { ButtonLink } from '@/client/ui/button';
import { ClosingCallToAction } from '@/client/features/marketing/components/closing-cta';
import { FeatureGrid } from '@/client/features/marketing/components/feature-grid';
import { PageHero } from '@/client/ui/page-hero';
import { Section } from '@/client/features/marketing/components/section';
import { COMING_SOON_FEATURES, LIVE_FEATURES } from '@/client/features/marketing/content/features-content';

export default function FeaturesRoute() {
  usePageMeta(
    'Features',
    'What Margin does today (AI grading assistance, Canvas integration, a teacher dashboard, privacy by design) and what is coming next for AI literacy.',
  );
  return (
    <>
      <PageHero
        eyebrow={
          <>
            <Sparkles aria-hidden />
            Features
          </>
        }
        title="Everything you need to grade well, and faster"
        description="Margin brings your Canvas courses, your rubrics and an AI drafting assistant into one review screen, where you have the final word on every grade."
      >
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink to="/canvas-setup" size="lg">
            Start Free Trial
          </ButtonLink>
          <ButtonLink to="/pricing" size="lg" variant="outline">
            View Pricing
          </ButtonLink>
        </div>
      </PageHero>
      <Section
        id="live-now"
        eyebrow="Available today"
        title="Live Now"
        description="Ready to use with your Canvas courses the day you sign up."
      >
        <FeatureGrid features={LIVE_FEATURES} status="live" />
      </Section>
      <Section
        id="coming-soon"
        eyebrow={
          <span className="inline-flex items-center gap-2">
            <Rocket className="size-4" aria-hidden />
            On our roadmap
          </span>
        }
        title="Coming Soon"
        description="What we are building next, shaped by the teachers who use Margin. None of these are available yet."
        tone="white"
      >
        <FeatureGrid features={COMING_SOON_FEATURES} status="coming-soon" />
      </Section>
      <ClosingCallToAction
        title="See what Margin can do with your own assignments"
        description="Start with 10 free submissions, or learn how to bring AI literacy into your classroom."
        actions={['trial', 'literacy', 'pricing']}
      />
    </>
  );
}
