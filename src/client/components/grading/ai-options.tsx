import { Bot, Info, Sparkles } from 'lucide-react';
import type { GradingOptions } from '@/shared/schemas/ai';
import { Button } from '@/client/ui/button';
import { Textarea } from '@/client/ui/form';
import { Switch } from '@/client/ui/switch';

export type AiOptionsState = { mode: GradingOptions['mode']; useRubric: boolean; isCustomOn: boolean; customInstructions: string };

/** Spec part 2 §9: formative, description-based (rubric off), no custom instructions. */
export const DEFAULT_AI_OPTIONS: AiOptionsState = { mode: 'formative', useRubric: false, isCustomOn: false, customInstructions: '' };

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
      <Switch
        label={options.mode === 'summative' ? 'Summative feedback' : 'Formative feedback'}
        description={options.mode === 'summative' ? 'Evaluates the work against the standard.' : 'Focuses on growth and next steps.'}
        checked={options.mode === 'summative'}
        onCheckedChange={(checked) => onChange({ ...options, mode: checked ? 'summative' : 'formative' })}
      />
      {hasRubric ? (
        <Switch
          label="Grade with the rubric"
          description={options.useRubric ? 'Scores each rubric criterion.' : basisLabel}
          checked={options.useRubric}
          onCheckedChange={(checked) => onChange({ ...options, useRubric: checked })}
        />
      ) : null}
      <Switch label="Custom instructions" checked={options.isCustomOn} onCheckedChange={(checked) => onChange({ ...options, isCustomOn: checked })} />
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

export function OfflineEngineNote() {
  return (
    <p className="flex gap-2 text-xs text-slate-600" data-testid="offline-engine-note">
      <Info className="mt-0.5 size-3.5 shrink-0" aria-hidden />
      Drafts come from Margin's offline engine: it scores the text against your rubric or prompt and quotes the student's words, without an
      AI model. To draft with a model, whoever runs Margin sets AI_PROVIDER with AI_MODEL and AI_API_KEY.
    </p>
  );
}
