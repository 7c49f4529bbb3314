import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BatchDraftBar } from './batch-draft-bar';

const options = { mode: 'formative', useRubric: false, customInstructions: null } as const;

function renderBar(waitingCount: number) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <BatchDraftBar courseId="4202" assignmentId="5010" job={null} waitingCount={waitingCount} options={options} />
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
});
