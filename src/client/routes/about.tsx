import { Heart, Quote, Scale } from 'lucide-react';
import { usePageMeta } from '@/client/lib/page-meta';
import { BenefitGrid } from '@/client/features/marketing/components/benefit-grid';
import { ClosingCallToAction } from '@/client/features/marketing/components/closing-cta';
import { Faq } from '@/client/features/marketing/components/faq';
import { NotAnAutoGrader } from '@/client/features/marketing/components/not-an-auto-grader';
import { ReportedFigures } from '@/client/features/marketing/components/reported-figures';
import { PageHero } from '@/client/ui/page-hero';
import { Section } from '@/client/features/marketing/components/section';
import { ABOUT_BENEFITS, BIAS_POINTS, CONTROL_OPTIONS } from '@/client/features/marketing/content/about-content';

export default function AboutRoute() {
  usePageMeta(
    'About',
    'Margin was built by a teacher to take the first pass off the grading pile. It is not an auto grader: teachers review, edit and approve every grade.',
  );
  return (
    <>
      <PageHero
        eyebrow={
          <>
            <Heart aria-hidden />
            About Margin
          </>
        }
        title="Made by a teacher, for every teacher with a stack to grade"
        description="Margin exists to give teachers back the hours that grading takes, without taking away the judgment and care that make feedback worth reading."
      />

      <Section id="creator" tone="white">
        <div className="grid gap-10 lg:grid-cols-2 lg:items-center lg:gap-16">
          <div>
            <p className="mb-3 text-sm font-semibold tracking-wide text-brand-600 uppercase">Who built it</p>
            <h2 id="creator-heading" className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl">
              Built by a teacher who knows the Sunday-night pile
            </h2>
            <div className="mt-5 flex flex-col gap-4 text-lg leading-relaxed text-slate-700">
              <p>
                Margin was created by a classroom teacher. Good feedback was never the problem; time was. Writing a
                careful comment for every student, assignment after assignment, meant evenings and weekends given to
                typing the same kinds of sentences again and again.
              </p>
              <p>
                So the idea was simple: let software write the first draft, following the teacher&rsquo;s own rubric,
                and keep every decision with the teacher. Margin is that idea, built for the Canvas courses teachers
                already run.
              </p>
            </div>
          </div>
          <figure className="relative rounded-2xl bg-brand-700 p-8 text-white shadow-lg sm:p-10">
            <Quote className="size-10 text-accent-500" aria-hidden />
            <blockquote className="mt-4 font-serif text-2xl leading-snug sm:text-3xl">
              The first draft is the slow part. The judgment is the teacher&rsquo;s part. Margin takes the first, and
              never the second.
            </blockquote>
            <figcaption className="mt-6 text-brand-100">The idea behind Margin</figcaption>
          </figure>
        </div>
      </Section>

      <NotAnAutoGrader />

      <Section
        id="teacher-control"
        eyebrow="Teacher control and customization"
        title="Your classroom, your standards, your voice"
        description="Margin adapts to the way you teach, not the other way round."
        tone="white"
      >
        <BenefitGrid benefits={CONTROL_OPTIONS} />
      </Section>

      <Section id="grading-bias">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.2fr] lg:gap-16">
          <div>
            <p className="mb-3 inline-flex items-center gap-2 text-sm font-semibold tracking-wide text-brand-600 uppercase">
              <Scale className="size-4" aria-hidden />
              Reducing grading bias
            </p>
            <h2
              id="grading-bias-heading"
              className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl"
            >
              Fairer grading, from the first paper to the last
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">
              Everyone grades a little differently late at night, after a hard lesson, or once they know whose paper it
              is. A consistent first draft helps every student be measured the same way.
            </p>
            <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <p className="font-serif text-4xl font-semibold text-brand-700">35%</p>
              <p className="font-medium text-ink">less variance between grades</p>
              <p className="mt-1 text-sm text-slate-600">
                As reported by teachers using Margin in their own classes; Margin does not measure this.
              </p>
            </div>
          </div>
          <ul className="flex flex-col gap-4">
            {BIAS_POINTS.map((point) => (
              <li key={point.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                <h3 className="text-lg font-semibold text-ink">{point.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{point.description}</p>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section
        id="faq"
        eyebrow="FAQ"
        title="Frequently asked questions"
        description="The questions teachers ask us most. Something else on your mind? Write to us from the contact page."
        tone="tint"
      >
        <Faq />
      </Section>

      <Section
        id="benefits"
        eyebrow="Benefits"
        title="What teachers say they gain"
        description="Less time at the desk, more consistent grades, and a lighter week."
      >
        <ReportedFigures />
        <div className="mt-12">
          <BenefitGrid benefits={ABOUT_BENEFITS} />
        </div>
      </Section>

      <ClosingCallToAction
        title="Try Margin on your next assignment"
        description="10 free submissions, no credit card, and you approve every grade."
        actions={['trial', 'features', 'pricing']}
      />
    </>
  );
}
