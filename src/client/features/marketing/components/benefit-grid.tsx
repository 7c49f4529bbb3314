import type { Benefit } from '../content/home-content';

/** Icon, title and a sentence or two, three across on a laptop. */
export function BenefitGrid({ benefits }: { benefits: Benefit[] }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {benefits.map(({ icon: Icon, title, description }) => (
        <li key={title} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon className="size-5" aria-hidden />
          </span>
          <h3 className="text-lg font-semibold text-ink">{title}</h3>
          <p className="leading-relaxed text-slate-600">{description}</p>
        </li>
      ))}
    </ul>
  );
}
