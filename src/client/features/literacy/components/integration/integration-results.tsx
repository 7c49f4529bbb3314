import { useEffect, useRef, useState } from 'react';
import { toast } from '@/client/lib/toast';
import { ClipboardCopy, Copy, Cpu, Download, FileCheck, Wand2 } from 'lucide-react';
import type { DiverPhase } from '@/shared/schemas/ai';
import type { IntegrationToolResponse } from '@/shared/schemas/literacy';
import { ApiError } from '@/client/lib/api-client';
import { cn } from '@/client/lib/cn';
import { Button } from '@/client/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/client/ui/card';
import { useGenerateRevision } from '../../api/generate-revision';
import { describeAssignmentContext, formatIntegrationPlan, INTEGRATION_FILENAME } from '../../integration-text';
import { copyWithToast, downloadWithToast } from './copy-feedback';
import { RevisedAssignmentCard } from './revised-assignment-card';
import { SuggestionCard } from './suggestion-card';

const REVISION_FAILED = 'Failed to generate revised assignment. Please try again.';

type Revision = { text: string; phases: DiverPhase[] };

/** Says the offline engine made the suggestions, and how an operator connects a model. */
function OfflineEngineNotice() {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-950">
      <Cpu className="mt-0.5 size-5 shrink-0 text-sky-700" aria-hidden />
      <div className="flex flex-col gap-1.5">
        <p className="font-semibold">Made by Margin’s offline engine</p>
        <p>
          No AI model is connected to this Margin server, so these suggestions come from the built-in offline engine: it
          reads your assignment’s own tasks and terms and applies a pattern for each DIVER phase. Review and adapt them
          as you would any draft.
        </p>
        <p>
          To have a language model write them, whoever runs this server sets{' '}
          <code className="rounded bg-white px-1">AI_PROVIDER</code> (
          <code className="rounded bg-white px-1">openai</code>,{' '}
          <code className="rounded bg-white px-1">anthropic</code>, or{' '}
          <code className="rounded bg-white px-1">openai-compatible</code> for a local server such as Ollama) with{' '}
          <code className="rounded bg-white px-1">AI_MODEL</code> and{' '}
          <code className="rounded bg-white px-1">AI_API_KEY</code> or{' '}
          <code className="rounded bg-white px-1">AI_BASE_URL</code>, then restarts Margin.
        </p>
      </div>
    </div>
  );
}

/** The results view (spec §2.8): overview, selectable suggestions, revised assignment, guide. */
export function IntegrationResults({ response }: { response: IntegrationToolResponse }) {
  const { result, assignment, readFromFile } = response;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [selected, setSelected] = useState<ReadonlySet<DiverPhase>>(new Set());
  const [revision, setRevision] = useState<Revision | null>(null);
  const revise = useGenerateRevision();
  const isRevising = revise.isPending;
  const context = describeAssignmentContext(assignment);
  const plan = formatIntegrationPlan(response);

  useEffect(() => {
    // New results: move the reader to them (they sit below the form on narrow screens).
    headingRef.current?.focus();
  }, []);

  function toggle(phase: DiverPhase, isOn: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(phase);
      else next.delete(phase);
      return next;
    });
  }

  async function createRevision(phases: DiverPhase[]) {
    if (isRevising) return;
    if (phases.length === 0) {
      toast.error('Selection Required', { description: 'Please select at least one suggestion to integrate.' });
      return;
    }
    try {
      const { revisedAssignment } = await revise.mutateAsync({
        originalAssignment: assignment.content,
        selectedSuggestions: result.suggestions.filter((suggestion) => phases.includes(suggestion.phase)),
        assignmentTitle: assignment.title,
        subject: assignment.subject,
        gradeLevel: assignment.gradeLevel,
        estimatedTime: assignment.estimatedTime,
      });
      setRevision({ text: revisedAssignment, phases });
      toast.success('Assignment Revised', {
        description: 'Your assignment has been successfully updated with the selected AI literacy suggestions.',
      });
    } catch (error) {
      console.error('Revised assignment generation failed', error);
      const isRateLimited = error instanceof ApiError && error.status === 429;
      toast.error('Generation Failed', { description: isRateLimited ? error.message : REVISION_FAILED });
    }
  }

  const selectedInOrder = result.suggestions
    .map((suggestion) => suggestion.phase)
    .filter((phase) => selected.has(phase));
  const isNothingSelected = selectedInOrder.length === 0;

  return (
    <div className="flex flex-col gap-6">
      {result.engine === 'offline' ? <OfflineEngineNotice /> : null}

      <Card>
        <CardHeader>
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="scroll-mt-24 text-lg leading-tight font-semibold text-ink focus:outline-none"
          >
            AI Literacy Integration: {assignment.title}
          </h2>
          {context ? <CardDescription>{context}</CardDescription> : null}
          {readFromFile ? (
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              <FileCheck className="size-4" aria-hidden />
              Assignment text read from {readFromFile.filename}
            </p>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <div>
            <h3 className="text-sm font-semibold text-ink">Overview</h3>
            <p className="mt-1.5 leading-relaxed whitespace-pre-line text-slate-700">{result.overview}</p>
          </div>
          {result.engine === 'offline' ? null : (
            <p className="text-sm text-slate-600">
              Drafted by an AI model. Review and adapt each suggestion before you use it with students.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={() => void copyWithToast(plan, 'Content Copied', 'The whole plan is on your clipboard.')}
            >
              <ClipboardCopy aria-hidden />
              Copy All
            </Button>
            <Button
              variant="outline"
              onClick={() => downloadWithToast(INTEGRATION_FILENAME, plan, 'Content Downloaded')}
            >
              <Download aria-hidden />
              Download
            </Button>
          </div>
        </CardContent>
      </Card>

      <Card>
        <div className="flex flex-wrap items-center justify-between gap-3 p-5 pb-3">
          <div className="flex flex-col gap-1">
            <CardTitle>Select Suggestions to Integrate</CardTitle>
            <CardDescription>Tick the phases to weave into a revised version of your assignment.</CardDescription>
          </div>
          <p aria-live="polite" className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700">
            {selectedInOrder.length} of {result.suggestions.length}
            <span className="sr-only"> suggestions selected</span>
          </p>
        </div>
        <CardContent className="flex flex-wrap gap-2">
          <Button
            variant="ghost"
            size="sm"
            disabled={isRevising || selected.size === result.suggestions.length}
            onClick={() => setSelected(new Set(result.suggestions.map((suggestion) => suggestion.phase)))}
          >
            Select all
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={isRevising || selected.size === 0}
            onClick={() => setSelected(new Set())}
          >
            Clear selection
          </Button>
        </CardContent>
      </Card>

      <ul aria-label="DIVER suggestions" className="flex flex-col gap-4">
        {result.suggestions.map((suggestion) => (
          <li key={suggestion.phase}>
            <SuggestionCard
              suggestion={suggestion}
              isSelected={selected.has(suggestion.phase)}
              onToggle={(isOn) => toggle(suggestion.phase, isOn)}
              isSelectionLocked={isRevising}
            />
          </li>
        ))}
      </ul>

      <Card className="border-brand-200 bg-gradient-to-br from-brand-50 to-white">
        <div className="flex flex-col items-start gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
          <div>
            <h2 className="text-lg font-semibold text-ink">Ready to Create Your Revised Assignment?</h2>
            <p className="mt-1 text-sm text-slate-700">
              {isNothingSelected
                ? 'Select at least one suggestion above, then create a revised version to edit, copy or download.'
                : `The ${selectedInOrder.length === 1 ? 'selected suggestion' : `${selectedInOrder.length} selected suggestions`} will be woven into your assignment.`}
            </p>
          </div>
          <Button
            size="lg"
            isLoading={isRevising}
            aria-disabled={isNothingSelected || undefined}
            onClick={() => void createRevision(selectedInOrder)}
            className={cn('w-full sm:w-auto', isNothingSelected && 'cursor-not-allowed opacity-55')}
          >
            {isRevising ? null : <Wand2 aria-hidden />}
            {isRevising ? 'Generating...' : 'Create Revised Assignment'}
          </Button>
        </div>
      </Card>

      {revision ? (
        <>
          <RevisedAssignmentCard
            text={revision.text}
            onChange={(text) => setRevision({ ...revision, text })}
            onRegenerate={() => void createRevision(revision.phases)}
            isGenerating={isRevising}
          />
          <Card>
            <div className="flex flex-wrap items-center justify-between gap-3 p-5 pb-3">
              <CardTitle>Implementation Guide</CardTitle>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  void copyWithToast(
                    result.implementation_guide,
                    'Implementation Guide Copied',
                    'The guide is on your clipboard.',
                  )
                }
              >
                <Copy aria-hidden />
                Copy
                <span className="sr-only"> the implementation guide</span>
              </Button>
            </div>
            <CardContent>
              <p className="leading-relaxed whitespace-pre-line text-slate-700">{result.implementation_guide}</p>
            </CardContent>
          </Card>
        </>
      ) : null}
    </div>
  );
}
