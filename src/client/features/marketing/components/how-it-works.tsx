import { HOW_IT_WORKS } from '../content/home-content';
import { Section } from './section';

export function HowItWorks() {
  return (
    <Section
      id="how-it-works"
      eyebrow="How it works"
      title="From Canvas to approved feedback in three steps"
      description="Set up once in a few minutes. After that, grading starts where your students' work already is."
      tone="white"
    >
      <ol className="grid gap-6 md:grid-cols-3">
        {HOW_IT_WORKS.map((step, index) => (
          <li
            key={step.title}
            className="relative flex flex-col gap-3 rounded-2xl border border-slate-200 bg-paper p-6"
          >
            <span
              aria-hidden
              className="flex size-11 items-center justify-center rounded-full bg-brand-700 font-serif text-xl font-semibold text-white"
            >
              {index + 1}
            </span>
            <h3 className="text-lg font-semibold text-ink">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="leading-relaxed text-slate-600">{step.description}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}
