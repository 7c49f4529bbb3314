import { useId } from 'react';
import { Bot, Info } from 'lucide-react';
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

/**
 * The AI options and the draft button, at the top of every grade form: a draft fills the grade,
 * feedback and rubric below, and the form then takes the teacher there.
 */
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
  const name = useId();
  return (
    <section aria-label="AI options" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <div
          role="radiogroup"
          aria-label="Feedback type"
          className="grid min-w-48 flex-1 grid-cols-2 gap-1 rounded-lg bg-white p-1 ring-1 ring-slate-200"
        >
          {(['formative', 'summative'] as const).map((mode) => (
            <label
              key={mode}
              className={cn(
                'relative flex min-h-8 cursor-pointer items-center justify-center rounded-md px-3 text-sm font-medium capitalize',
                'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500',
                options.mode === mode ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              <input
                type="radio"
                name={name}
                value={mode}
                checked={options.mode === mode}
                onChange={() => onChange({ ...options, mode })}
                className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
              />
              {mode}
            </label>
          ))}
        </div>
        <Button
          variant="accent"
          onClick={onDraft}
          disabled={!canDraft}
          isLoading={isDrafting}
          aria-keyshortcuts="d"
          className="min-w-40 flex-1"
        >
          {isDrafting ? null : <Bot aria-hidden />}
          {isDrafting ? 'Drafting...' : 'Draft with AI'}
        </Button>
      </div>
      <p className="-mt-1 text-xs text-slate-600">
        {options.mode === 'summative'
          ? 'Evaluates the work against the standard.'
          : 'Focuses on growth and next steps.'}
      </p>
      {cannotDraftReason ? <p className="-mt-1 text-xs text-slate-600">{cannotDraftReason}</p> : null}
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
