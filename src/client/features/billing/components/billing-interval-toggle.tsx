import { cn } from '@/client/lib/cn';

/** Monthly / Yearly (spec part 1 §2 Pricing), with the yearly note. */
export function BillingIntervalToggle({
  isYearly,
  onChange,
  showSavingNote = true,
}: {
  isYearly: boolean;
  onChange: (isYearly: boolean) => void;
  showSavingNote?: boolean;
}) {
  const option = (label: string, value: boolean) => (
    <button
      type="button"
      aria-pressed={isYearly === value}
      onClick={() => onChange(value)}
      className={cn(
        'min-h-10 rounded-full px-5 text-sm font-semibold transition-colors',
        isYearly === value ? 'bg-brand-700 text-white shadow-sm' : 'text-slate-700 hover:text-ink',
      )}
    >
      {label}
    </button>
  );
  const group = (
    <div
      role="group"
      aria-label="Billing period"
      className="inline-flex self-center rounded-full border border-slate-200 bg-white p-1 shadow-sm"
    >
      {option('Monthly', false)}
      {option('Yearly', true)}
    </div>
  );
  if (!showSavingNote) return group;
  return (
    <div className="flex flex-col items-center gap-3">
      {group}
      <p aria-live="polite" className="min-h-6 text-sm font-semibold text-emerald-700">
        {isYearly ? 'Save 2 months with yearly billing!' : null}
      </p>
    </div>
  );
}
