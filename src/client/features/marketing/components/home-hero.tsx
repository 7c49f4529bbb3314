import { ArrowRight, BookOpen, GraduationCap } from 'lucide-react';
import { ButtonLink } from '@/client/ui/button';
import { GradingPreview } from './grading-preview';

export function HomeHero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-paper to-paper px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-24 size-[28rem] rounded-full bg-accent-500/10 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div className="flex flex-col items-center text-center lg:items-start lg:text-left">
          <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm">
            <GraduationCap className="size-4" aria-hidden />
            Built by a teacher, for teachers
          </p>
          <h1 className="font-serif text-4xl leading-tight font-semibold tracking-tight text-balance text-ink sm:text-5xl lg:text-6xl">
            Grade with your rubric, in your voice, and get your evenings back.
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-slate-700">
            Margin reads your Canvas assignments and drafts a grade and feedback for every student. You review, edit and
            approve each one. Nothing reaches a student without you.
          </p>
          <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <ButtonLink to="/canvas-setup" size="lg">
              Start Free Trial
              <ArrowRight aria-hidden />
            </ButtonLink>
            <ButtonLink to="/ai-literacy" size="lg" variant="outline">
              <BookOpen aria-hidden />
              Explore AI Literacy
            </ButtonLink>
          </div>
          <p className="mt-4 text-sm text-slate-600">No credit card required • 10 free submissions</p>
        </div>
        <GradingPreview />
      </div>
    </section>
  );
}
