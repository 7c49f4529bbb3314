import { CheckCircle2, PenLine, Sparkles } from 'lucide-react';

const FLOW = [
  { icon: Sparkles, title: 'Margin drafts', description: 'A suggested grade and feedback, built on your rubric.' },
  {
    icon: PenLine,
    title: 'You review and edit',
    description: 'Read the work, change anything, or ask for a new draft.',
  },
  {
    icon: CheckCircle2,
    title: 'You approve and save',
    description: 'Only then does anything reach Canvas and your student.',
  },
];

/** The central promise of spec part 1 §1, with the three steps that make it true. */
export function NotAnAutoGrader() {
  return (
    <section aria-labelledby="not-auto-grader-heading" className="px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-6xl overflow-hidden rounded-3xl border border-amber-200 bg-gradient-to-br from-amber-50 via-white to-brand-50 p-6 shadow-sm sm:p-12">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.1fr] lg:items-center">
          <div>
            <p className="mb-3 text-sm font-semibold tracking-wide text-amber-800 uppercase">
              Our most important promise
            </p>
            <h2
              id="not-auto-grader-heading"
              className="font-serif text-3xl font-semibold tracking-tight text-ink sm:text-4xl"
            >
              This is NOT an Auto Grader
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-slate-700">
              Margin never grades on its own. It prepares a first draft so that your time goes into judgment instead of
              typing. You read every suggestion, you change what you disagree with, and nothing is saved to Canvas or
              shown to a student until you approve it.
            </p>
          </div>
          <ol className="flex flex-col gap-3">
            {FLOW.map(({ icon: Icon, title, description }, index) => (
              <li
                key={title}
                className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
                  <Icon className="size-5" aria-hidden />
                </span>
                <div>
                  <h3 className="font-semibold text-ink">
                    <span className="sr-only">Step {index + 1}: </span>
                    {title}
                  </h3>
                  <p className="text-slate-600">{description}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}
