import { Building2, Check, Clock } from 'lucide-react';
import { ButtonLink } from '@/client/ui/button';

const INSTITUTIONAL_FEATURES = [
  'Unlimited submissions for every teacher',
  'Multi-teacher accounts with an admin dashboard',
  'Onboarding within 5 business days',
  'Billed annually, with invoicing for your school',
];

/** The quoted plan for schools and districts (spec part 1 §1, §2; part 2 §2.9). */
export function InstitutionalPlanCard() {
  return (
    <article
      aria-labelledby="plan-institutional"
      className="mt-8 flex flex-col gap-6 rounded-2xl border border-slate-200 bg-gradient-to-br from-brand-50 to-white p-6 shadow-sm sm:p-8 lg:flex-row lg:items-center lg:justify-between"
    >
      <div className="flex flex-col gap-3">
        <span className="flex size-11 items-center justify-center rounded-lg bg-white text-brand-700 shadow-sm">
          <Building2 className="size-5" aria-hidden />
        </span>
        <h3 id="plan-institutional" className="text-2xl font-semibold text-ink">
          Institutional Plan
        </h3>
        <p className="max-w-xl text-slate-700">
          For schools and districts that want Margin for all their teachers, with custom pricing for your institution.
        </p>
        <ul className="grid gap-2 text-sm sm:grid-cols-2" aria-label="Institutional Plan features">
          {INSTITUTIONAL_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="flex shrink-0 flex-col items-stretch gap-2 sm:items-start lg:items-center">
        <ButtonLink to="/institutional-inquiry" size="lg">
          Request Custom Quote
        </ButtonLink>
        <p className="flex items-center justify-center gap-1.5 text-sm text-slate-600">
          <Clock className="size-4" aria-hidden />
          Get a personalized quote within 24 hours
        </p>
      </div>
    </article>
  );
}
