import { cn } from '@/client/lib/cn';
import { REPORTED_FIGURES, REPORTED_FIGURES_NOTE } from '../content/reported-figures';

/**
 * The marketing figures, each labelled as teacher-reported, with the note saying Margin does not
 * measure them. `tone="dark"` sits on the brand-coloured band.
 */
export function ReportedFigures({ tone = 'light', className }: { tone?: 'light' | 'dark'; className?: string }) {
  const isDark = tone === 'dark';
  return (
    <figure className={cn('flex flex-col gap-6', className)}>
      <dl className="grid gap-4 sm:grid-cols-3">
        {REPORTED_FIGURES.map((figure) => (
          <div
            key={figure.label}
            className={cn(
              'flex flex-col gap-1 rounded-xl p-6 text-center',
              isDark ? 'bg-white/10 ring-1 ring-white/15' : 'border border-slate-200 bg-white shadow-sm',
            )}
          >
            <dt className={cn('order-2 font-medium', isDark ? 'text-white' : 'text-ink')}>{figure.label}</dt>
            <dd className={cn('order-1 font-serif text-5xl font-semibold', isDark ? 'text-white' : 'text-brand-700')}>
              {figure.value}
            </dd>
            <dd className={cn('order-3 text-sm', isDark ? 'text-brand-100' : 'text-slate-600')}>{figure.detail}</dd>
            <dd
              className={cn(
                'order-4 mt-2 text-xs font-semibold tracking-wide uppercase',
                isDark ? 'text-brand-100' : 'text-slate-600',
              )}
            >
              Teacher-reported
            </dd>
          </div>
        ))}
      </dl>
      <figcaption className={cn('mx-auto max-w-2xl text-center text-sm', isDark ? 'text-brand-100' : 'text-slate-600')}>
        {REPORTED_FIGURES_NOTE}
      </figcaption>
    </figure>
  );
}
