import { Info } from 'lucide-react';
import { Card } from '@/client/ui/card';
import { DIVER_PHASE_ORDER, PHASE_STYLES } from '../../diver-phases';

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
              Five phases that bring AI literacy into the work students already do. The tool suggests one activity set for each.
            </p>
          </div>
        </div>
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
          {DIVER_PHASE_ORDER.map((phase) => {
            const { icon: Icon, shortName, summary, badge } = PHASE_STYLES[phase];
            return (
              <li key={phase} className="flex flex-col gap-1.5 rounded-lg border border-white bg-white/80 p-3">
                <span className={`inline-flex w-fit items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${badge}`}>
                  <Icon className="size-3.5" aria-hidden />
                  {shortName}
                </span>
                <span className="text-sm text-slate-700">{summary}</span>
              </li>
            );
          })}
        </ol>
      </div>
    </Card>
  );
}
