import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftJob } from '@/shared/schemas/grading';
import { BatchDraftBar } from './batch-draft-bar';

const options = { mode: 'formative', useRubric: false, customInstructions: null } as const;

function renderBar(waitingCount: number, job: DraftJob | null = null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BatchDraftBar courseId="4202" assignmentId="5010" job={job} waitingCount={waitingCount} options={options} />
    </QueryClientProvider>,
  );
}

describe('Draft the whole class', () => {
  it('counts one waiting student as one student', () => {
    renderBar(1);
    expect(screen.getByText('1 submitted, ungraded student.')).toBeTruthy();
  });

  it('counts several as students', () => {
    renderBar(2);
    expect(screen.getByText('2 submitted, ungraded students.')).toBeTruthy();
  });

  it('moves with every draft stored while the run goes', () => {
    renderBar(24, { id: 'run', total: 24, completed: 3, failed: 0, status: 'running', reason: null });
    expect(screen.getByTestId('batch-progress').textContent).toContain('Drafting 3 of 24...');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('3');
  });

  it('says why students failed once the run is over', () => {
    const reason = 'A draft took longer than 120 seconds and was stopped. Draft that student on their own.';
    renderBar(0, { id: 'run', total: 24, completed: 22, failed: 2, status: 'finished', reason });
    expect(screen.getByTestId('batch-progress').textContent).toContain('Drafted 22 of 24 (2 failed)');
    expect(screen.getByTestId('batch-failure-reason').textContent).toBe(reason);
  });
});
