import { Check, PenLine, Sparkles } from 'lucide-react';

const CRITERIA = [
  { name: 'Claim & thesis', score: '9 / 10', width: 'w-[90%]' },
  { name: 'Use of evidence', score: '16 / 20', width: 'w-[80%]' },
  { name: 'Organization', score: '13 / 15', width: 'w-[87%]' },
  { name: 'Conventions', score: '4 / 5', width: 'w-[80%]' },
];

/**
 * A drawing of the review screen, made of HTML so it is sharp at any size and costs no image
 * download. It is one picture to assistive technology, described by its label.
 */
export function GradingPreview() {
  return (
    <div
      role="img"
      aria-label="Illustration: a drafted grade of 42 out of 50 with rubric scores and feedback, waiting for the teacher to edit and approve it"
      className="relative mx-auto w-full max-w-md"
    >
      <div aria-hidden className="absolute -inset-4 rotate-2 rounded-3xl bg-brand-100/70" />
      <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 bg-slate-50 px-5 py-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-ink">Persuasive essay</p>
            <p className="text-xs text-slate-600">Student 7 of 28 · on time</p>
          </div>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800">
            <PenLine className="size-3.5" />
            Needs your review
          </span>
        </div>
        <div className="flex flex-col gap-4 p-5">
          <div className="flex items-end justify-between">
            <div>
              <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-brand-600 uppercase">
                <Sparkles className="size-3.5" />
                Drafted grade
              </p>
              <p className="font-serif text-4xl font-semibold text-ink">
                42<span className="text-xl text-slate-500"> / 50</span>
              </p>
            </div>
            <p className="text-right text-xs text-slate-600">Formative · from your rubric</p>
          </div>
          <ul className="flex flex-col gap-2.5">
            {CRITERIA.map((criterion) => (
              <li key={criterion.name} className="flex flex-col gap-1">
                <div className="flex justify-between text-xs">
                  <span className="font-medium text-slate-700">{criterion.name}</span>
                  <span className="text-slate-600">{criterion.score}</span>
                </div>
                <div className="h-1.5 rounded-full bg-slate-100">
                  <div className={`h-1.5 rounded-full bg-brand-500 ${criterion.width}`} />
                </div>
              </li>
            ))}
          </ul>
          <div className="rounded-lg border border-slate-200 bg-paper p-3 text-sm leading-relaxed text-slate-700">
            Your claim is clear from the first paragraph, and the sleep study is strong support. Next step: answer the
            bus-schedule objection directly, so your reader sees you have weighed both sides.
          </div>
          <div className="flex items-center justify-end gap-2">
            <span className="rounded-lg border border-slate-300 px-3 py-1.5 text-xs font-medium text-slate-700">
              Edit
            </span>
            <span className="inline-flex items-center gap-1 rounded-lg bg-brand-700 px-3 py-1.5 text-xs font-medium text-white">
              <Check className="size-3.5" />
              Approve & save to Canvas
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
