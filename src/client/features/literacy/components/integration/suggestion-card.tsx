import { Copy } from 'lucide-react';
import type { IntegrationSuggestion } from '@/shared/schemas/ai';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { PHASE_STYLES } from '../../diver-phases';
import { formatSuggestion } from '../../integration-text';
import { PhaseBadge } from '../phase-badge';
import { copyWithToast } from './copy-feedback';

/** One DIVER suggestion: phase badge, title, description, activities, examples, copy and select. */
export function SuggestionCard({
  suggestion,
  isSelected,
  onToggle,
  isSelectionLocked,
}: {
  suggestion: IntegrationSuggestion;
  isSelected: boolean;
  onToggle: (isSelected: boolean) => void;
  isSelectionLocked: boolean;
}) {
  const slug = suggestion.phase.toLowerCase().replace(/[^a-z]+/g, '-');
  const titleId = `suggestion-${slug}-title`;
  const checkboxId = `suggestion-${slug}-select`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'rounded-xl border border-l-4 bg-white p-5 shadow-sm transition-colors',
        PHASE_STYLES[suggestion.phase].accent,
        isSelected ? 'border-brand-500 ring-1 ring-brand-500' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PhaseBadge phase={suggestion.phase} className="py-1" />
        <Button
          variant="ghost"
          size="sm"
          onClick={() =>
            void copyWithToast(
              formatSuggestion(suggestion),
              'Phase Content Copied',
              `The ${suggestion.phase} suggestion is on your clipboard.`,
            )
          }
        >
          <Copy aria-hidden />
          Copy
          <span className="sr-only"> the {suggestion.phase} suggestion</span>
        </Button>
      </div>
      <h3 id={titleId} className="mt-3 text-lg leading-snug font-semibold text-ink">
        {suggestion.title}
      </h3>
      <p className="mt-2 leading-relaxed text-slate-700">{suggestion.description}</p>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold text-ink">Activities</h4>
          <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-700 marker:text-slate-400">
            {suggestion.activities.map((activity) => (
              <li key={activity}>{activity}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-ink">Examples</h4>
          <ul className="mt-2 flex list-disc flex-col gap-1.5 pl-5 text-sm text-slate-700 marker:text-slate-400">
            {suggestion.examples.map((example) => (
              <li key={example}>{example}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="mt-4 border-t border-slate-100 pt-3">
        <label
          htmlFor={checkboxId}
          className="inline-flex cursor-pointer items-center gap-2.5 text-sm font-medium text-ink"
        >
          <input
            id={checkboxId}
            type="checkbox"
            checked={isSelected}
            disabled={isSelectionLocked}
            onChange={(event) => onToggle(event.target.checked)}
            className="size-5 cursor-pointer rounded border-slate-300 accent-brand-700"
          />
          Include in revised assignment
          <span className="sr-only">: {suggestion.phase}</span>
        </label>
      </div>
    </article>
  );
}
