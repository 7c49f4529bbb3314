import { Info } from 'lucide-react';
import { Card } from '@/client/ui/card';
import { DIVER_PHASE_ORDER, PHASE_STYLES } from '../../diver-phases';
import { PhaseBadge } from '../phase-badge';

/** The five DIVER phases with their one-line descriptions (spec §2.8). */
export function DiverInfoCard() {
  return (
    <Card className="border-brand-100 bg-brand-50/60">
      <div className="flex flex-col gap-4 p-5 sm:p-6">
        <div className="flex items-start gap-3">
          <Info className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
          <div>
            <h2 className="font-semibold text-ink">The DIVER framework</h2>
            <p className="mt-1 text-sm text-slate-700">
              Five phases that bring AI literacy into the work students already do. The tool suggests one activity set
              for each.
            </p>
          </div>
        </div>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {DIVER_PHASE_ORDER.map((phase) => (
            <li key={phase} className="flex flex-col gap-1.5 rounded-lg border border-white bg-white/80 p-3">
              <PhaseBadge phase={phase} isShort />
              <span className="text-sm text-slate-700">{PHASE_STYLES[phase].summary}</span>
            </li>
          ))}
        </ol>
      </div>
    </Card>
  );
}
