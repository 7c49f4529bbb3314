import { useState } from 'react';
import { Wand2 } from 'lucide-react';
import type { IntegrationToolResponse } from '@/shared/schemas/literacy';
import { Card } from '@/client/ui/card';
import { AssignmentForm } from './assignment-form';
import { DiverInfoCard } from './diver-info-card';
import { IntegrationResults } from './integration-results';

/** /ai-assignment-integration (spec §2.8): the form on the left, the results on the right. */
export function IntegrationTool() {
  // Each generation gets a new key, so a new result starts with no selection and no revision.
  const [generation, setGeneration] = useState<{ id: number; response: IntegrationToolResponse } | null>(null);

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-12">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">AI Literacy</p>
        <h1 className="mt-2 font-serif text-3xl font-semibold tracking-tight text-balance text-ink sm:text-4xl">
          AI Literacy Assignment Integration Tool
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-slate-700">
          Bring AI literacy into an assignment you already teach. Enter it below and get one suggestion for each phase
          of the DIVER framework, then pick the ones you like and get a revised assignment to edit, copy or download.
        </p>
      </header>

      <div className="mt-8">
        <DiverInfoCard />
      </div>

      <div className="mt-8 grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
        <AssignmentForm
          onGenerated={(response) => setGeneration((current) => ({ id: (current?.id ?? 0) + 1, response }))}
        />
        <section aria-label="Results">
          {generation ? (
            <IntegrationResults key={generation.id} response={generation.response} />
          ) : (
            <Card className="border-dashed">
              <div className="flex flex-col items-center gap-3 px-6 py-14 text-center">
                <span className="rounded-full bg-brand-50 p-3 text-brand-700">
                  <Wand2 className="size-7" aria-hidden />
                </span>
                <h2 className="text-xl font-semibold text-ink">Ready to Transform Your Assignment?</h2>
                <p className="max-w-md text-slate-600">
                  Fill in the assignment form and choose Generate AI Integration. A suggestion for each DIVER phase will
                  appear here.
                </p>
              </div>
            </Card>
          )}
        </section>
      </div>
    </div>
  );
}
