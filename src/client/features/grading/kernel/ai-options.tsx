import { Bot, Info, Sparkles } from 'lucide-react';
import type { GradingOptions } from '@/shared/schemas/ai';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Textarea } from '@/client/ui/form';
import { Switch } from '@/client/ui/switch';

export type AiOptionsState = {
  mode: GradingOptions['mode'];
  useRubric: boolean;
  isCustomOn: boolean;
  customInstructions: string;
};

/** Spec part 2 §9: formative, description-based (rubric off), no custom instructions. */
export const DEFAULT_AI_OPTIONS: AiOptionsState = {
  mode: 'formative',
  useRubric: false,
  isCustomOn: false,
  customInstructions: '',
};

/** What the server receives: the rubric only if there is one, instructions only when switched on. */
export function toGradingOptions(state: AiOptionsState, hasRubric: boolean): GradingOptions {
  return {
    mode: state.mode,
    useRubric: hasRubric && state.useRubric,
    customInstructions: state.isCustomOn && state.customInstructions.trim() ? state.customInstructions.trim() : null,
  };
}

/** The AI options of a grading panel and its draft button. */
export function AiOptionsFields({
  options,
  onChange,
  hasRubric,
  basisLabel = 'Uses the assignment description.',
  onDraft,
  canDraft,
  isDrafting,
  engineName,
  cannotDraftReason,
}: {
  options: AiOptionsState;
  onChange: (options: AiOptionsState) => void;
  hasRubric: boolean;
  basisLabel?: string;
  onDraft: () => void;
  canDraft: boolean;
  isDrafting: boolean;
  engineName: string | undefined;
  cannotDraftReason?: string | null;
}) {
  return (
    <section aria-label="AI options" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Sparkles className="size-4 text-accent-500" aria-hidden />
        AI options
      </h3>
      <div
        role="radiogroup"
        aria-label="Feedback type"
        className="grid grid-cols-2 gap-1 rounded-lg bg-white p-1 ring-1 ring-slate-200"
      >
        {(['formative', 'summative'] as const).map((mode) => (
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={options.mode === mode}
            onClick={() => onChange({ ...options, mode })}
            className={cn(
              'rounded-md px-3 py-1.5 text-sm font-medium capitalize',
              options.mode === mode ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {mode}
          </button>
        ))}
      </div>
      <p className="-mt-1 text-xs text-slate-600">
        {options.mode === 'summative'
          ? 'Evaluates the work against the standard.'
          : 'Focuses on growth and next steps.'}
      </p>
      {hasRubric ? (
        <Switch
          label="Grade with the rubric"
          description={options.useRubric ? 'Scores each rubric criterion.' : basisLabel}
          checked={options.useRubric}
          onCheckedChange={(checked) => onChange({ ...options, useRubric: checked })}
        />
      ) : null}
      <Switch
        label="Custom instructions"
        checked={options.isCustomOn}
        onCheckedChange={(checked) => onChange({ ...options, isCustomOn: checked })}
      />
      {options.isCustomOn ? (
        <Textarea
          aria-label="Custom instructions"
          rows={3}
          maxLength={2000}
          placeholder="For example: focus on evidence; be brief; mention the reply requirement."
          value={options.customInstructions}
          onChange={(event) => onChange({ ...options, customInstructions: event.target.value })}
        />
      ) : null}
      <Button variant="accent" onClick={onDraft} disabled={!canDraft} isLoading={isDrafting} aria-keyshortcuts="d">
        {isDrafting ? null : <Bot aria-hidden />}
        {isDrafting ? 'Drafting...' : 'Draft with AI'}
      </Button>
      {cannotDraftReason ? <p className="text-xs text-slate-600">{cannotDraftReason}</p> : null}
      {engineName === 'offline' ? <OfflineEngineNote /> : null}
    </section>
  );
}

/** Says plainly that drafts come from the offline engine, and how a model is connected. */
function OfflineEngineNote() {
  return (
    <details className="text-xs text-slate-600" data-testid="offline-engine-note">
      <summary className="flex cursor-pointer items-center gap-1.5">
        <Info className="size-3.5 shrink-0" aria-hidden />
        Drafts come from Margin's offline engine, without an AI model.
      </summary>
      <p className="mt-1 pl-5">
        It scores the text against your rubric, description or prompt and quotes the student's words. To draft with a
        model, whoever runs Margin sets AI_PROVIDER (openai, anthropic, or openai-compatible for a local model server
        such as Ollama) with AI_MODEL and AI_API_KEY.
      </p>
    </details>
  );
}
