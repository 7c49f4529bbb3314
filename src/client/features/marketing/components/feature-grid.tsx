import { Check, CircleDashed } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import { Badge } from '@/client/ui/feedback';
import type { FeatureCardContent } from '../content/features-content';

/** Four feature cards, two across from tablet width; coming-soon cards are quieter and say so. */
export function FeatureGrid({ features, status }: { features: FeatureCardContent[]; status: 'live' | 'coming-soon' }) {
  const isLive = status === 'live';
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {features.map(({ icon: Icon, title, description, points }) => (
        <li
          key={title}
          className={cn(
            'flex flex-col gap-4 rounded-2xl border p-6 sm:p-7',
            isLive ? 'border-slate-200 bg-white shadow-sm' : 'border-dashed border-slate-300 bg-white/60',
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <span
              className={cn(
                'flex size-12 items-center justify-center rounded-xl',
                isLive ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-600',
              )}
            >
              <Icon className="size-6" aria-hidden />
            </span>
            <Badge tone={isLive ? 'success' : 'neutral'}>{isLive ? 'Live Now' : 'Coming Soon'}</Badge>
          </div>
          <h3 className="text-xl font-semibold text-ink">{title}</h3>
          <p className="leading-relaxed text-slate-600">{description}</p>
          <ul className="mt-auto grid gap-2 border-t border-slate-100 pt-4 sm:grid-cols-2">
            {points.map((point) => (
              <li key={point} className="flex items-start gap-2 text-sm text-slate-700">
                {isLive ? (
                  <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                ) : (
                  <CircleDashed className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
                )}
                {point}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
