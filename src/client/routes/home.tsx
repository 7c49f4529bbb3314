import { usePageMeta } from '@/client/lib/page-meta';
import { BenefitGrid } from '@/client/features/marketing/components/benefit-grid';
import { ClosingCallToAction } from '@/client/features/marketing/components/closing-cta';
import { HomeHero } from '@/client/features/marketing/components/home-hero';
import { HowItWorks } from '@/client/features/marketing/components/how-it-works';
import { ReportedFigures } from '@/client/features/marketing/components/reported-figures';
import { Section } from '@/client/features/marketing/components/section';
import { HOME_BENEFITS } from '@/client/features/marketing/content/home-content';
import { WalkthroughVideo } from '@/client/features/marketing/components/walkthrough-video';

export default function HomeRoute() {
  usePageMeta(
    'Margin',
    'Margin drafts grades and feedback for your Canvas assignments from your own rubric. You review, edit and approve every one. Start free with 10 submissions.',
  );
  return (
    <>
      <HomeHero />
      <WalkthroughVideo />
      <HowItWorks />
      <Section
        id="benefits"
        eyebrow="Why teachers use Margin"
        title="More time for teaching, the same care in every comment"
        description="Margin does the first pass so you can spend your attention where it matters: on your students."
      >
        <BenefitGrid benefits={HOME_BENEFITS} />
      </Section>
      <section aria-labelledby="figures-heading" className="bg-brand-700 px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-6xl">
          <h2
            id="figures-heading"
            className="mb-10 text-center font-serif text-3xl font-semibold tracking-tight text-white sm:text-4xl"
          >
            What teachers tell us
          </h2>
          <ReportedFigures tone="dark" />
        </div>
      </section>
      <ClosingCallToAction
        title="Grade your next stack tonight, and keep your weekend"
        description="Connect Canvas in a few minutes and try Margin on 10 real submissions. No credit card required."
        actions={['trial', 'features', 'pricing']}
      />
    </>
  );
}
