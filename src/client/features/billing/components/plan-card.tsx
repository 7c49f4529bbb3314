import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { yearlySaving, type Plan } from '@/shared/plans';
import { cn } from '@/client/lib/cn';
import { Badge } from '@/client/ui/feedback';
import { formatUsd, perInterval } from '../format';

/** One plan of the pricing page: badges, price for the chosen period, features, and its action. */
export function PlanCard({
  plan,
  isYearly,
  isCurrent,
  ownPlanNote,
  action,
  className,
}: {
  plan: Plan;
  isYearly: boolean;
  isCurrent: boolean;
  /** The teacher's own plan shown at its other interval: says which one they pay now. */
  ownPlanNote?: string;
  action: ReactNode;
  className?: string;
}) {
  const price = isYearly ? plan.yearlyPrice : plan.monthlyPrice;
  const saving = yearlySaving(plan);
  const headingId = `plan-${plan.name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid={headingId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm',
        plan.popular ? 'border-brand-500 ring-2 ring-brand-500/30' : 'border-slate-200',
        className,
      )}
    >
      {/* Kept empty from tablet width up, so cards in a row line up; on a phone, cards stack and it goes. */}
      <div
        className={cn(
          'mb-3 flex flex-wrap items-center gap-2 md:min-h-6',
          !plan.popular && !isCurrent && !ownPlanNote && 'max-md:hidden',
        )}
      >
        {plan.popular ? <Badge tone="accent">Most Popular</Badge> : null}
        {isCurrent ? <Badge tone="success">Current Plan</Badge> : null}
        {ownPlanNote ? <Badge>{ownPlanNote}</Badge> : null}
      </div>
      <h3 id={headingId} className="text-xl font-semibold text-ink">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm font-medium text-brand-600">{plan.tagline}</p>
      <div className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-semibold tracking-tight text-ink" data-testid="plan-price">
          {formatUsd(price)}
        </span>
        <span className="text-slate-600">{perInterval(isYearly ? 'year' : 'month')}</span>
      </div>
      {isYearly ? (
        // A line of its own, kept on every card, so prices and features line up across a row.
        <div className={cn('mt-2 flex items-center md:min-h-6', saving <= 0 && 'max-md:hidden')}>
          {saving > 0 ? <Badge tone="success">Save {formatUsd(saving)}</Badge> : null}
        </div>
      ) : null}
      <p className="mt-4 text-sm text-slate-600">{plan.description}</p>
      <ul className="mt-5 mb-6 flex flex-col gap-2.5 text-sm" aria-label={`${plan.name} features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-auto">{action}</div>
    </article>
  );
}
