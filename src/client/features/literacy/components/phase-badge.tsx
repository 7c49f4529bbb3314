import type { DiverPhase } from '@/shared/schemas/ai';
import { cn } from '@/client/lib/cn';
import { PHASE_STYLES } from '../diver-phases';

/** A DIVER phase's coloured pill with its icon; `isShort` uses the short name (Interaction, Editing). */
export function PhaseBadge({
  phase,
  isShort = false,
  className,
}: {
  phase: DiverPhase;
  isShort?: boolean;
  className?: string;
}) {
  const { icon: Icon, shortName, badge } = PHASE_STYLES[phase];
  return (
    <span
      className={cn(
        'inline-flex w-fit items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        badge,
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {isShort ? shortName : phase}
    </span>
  );
}
