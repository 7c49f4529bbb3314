import { useRef } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GradingDraft, RubricCriterion } from '@/shared/schemas/ai';
import type { DraftResponse } from '@/shared/schemas/grading';
import { publicConfigQuery } from '@/client/lib/public-config';
import { usageQuery } from '@/client/lib/usage';
import { GradeForm } from './grade-form';
import type { GradingActions } from './use-grading-shortcuts';
import { useGradingSession, type GradingSession } from './use-grading-session';

const RUBRIC: RubricCriterion[] = [
  {
    id: 'claim',
    description: 'Claim',
    points: 20,
    ratings: [
      { description: 'Exemplary', points: 20 },
      { description: 'Proficient', points: 16 },
      { description: 'Developing', points: 12 },
    ],
  },
  {
    id: 'evidence',
    description: 'Evidence',
    points: 10,
    ratings: [
      { description: 'Strong', points: 10 },
      { description: 'Thin', points: 5 },
    ],
  },
];

const DRAFT: GradingDraft = {
  grade: 26,
  feedback: 'Your claim is clear; tie Document C to it.',
  strengths: [],
  areasForImprovement: [],
  summary: '',
  gradeReview: 'Claim and evidence both hold up.',
  rubricAssessment: [
    { criterionId: 'claim', points: 16, comment: 'A clear claim.', quote: null, quoteVerified: false },
    { criterionId: 'evidence', points: 10, comment: 'Well chosen.', quote: null, quoteVerified: false },
  ],
  examplesUsed: [],
  engine: 'offline',
  filesUsed: false,
  customInstructionsApplied: false,
};

function queryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(usageQuery.queryKey, {
    submissions_used: 1,
    limit: 10,
    purchased_submissions: 0,
    total_limit: 10,
    percentage: 10,
    billing_period: 'trial',
    subscription_tier: 'free',
    next_reset_date: null,
    days_remaining: null,
  });
  client.setQueryData(publicConfigQuery.queryKey, {
    supportEmail: 'support@margin.test',
    demoCanvas: null,
    aiEngine: 'offline',
    billingMode: 'test',
  } as never);
  return client;
}

/** A screen with one form at a time, keyed like the real ones, and the session that outlives it. */
function Screen({
  student,
  rubric = null,
  request = () => Promise.reject(new Error('not asked')),
  onSession,
  savedScore = null,
  send = () => Promise.resolve('1 / 30'),
  undo,
}: {
  student: { id: number; name: string };
  rubric?: RubricCriterion[] | null;
  request?: () => Promise<DraftResponse>;
  onSession?: (session: GradingSession) => void;
  /** What Canvas holds: a graded student. */
  savedScore?: number | null;
  send?: () => Promise<string | { stored: string; canUndo?: boolean }>;
  undo?: () => Promise<string>;
}) {
  const actionsRef = useRef<GradingActions | null>(null);
  const session = useGradingSession({ actionsRef, showNext: () => undefined, showStudent: () => undefined });
  onSession?.(session);
  return (
    <GradeForm
      key={student.id}
      session={session}
      student={student}
      subject={`9001:${student.id}`}
      fields={{
        points: 30,
        rubric,
        isGradeFromRubric: false,
        savedScore,
        savedRubric: null,
        waitingDraft: null,
        isGraded: savedScore !== null,
      }}
      lock={null}
      draft={{ basis: 'assignment description', cannotDraftReason: null, isPending: false, request }}
      save={{
        isPending: false,
        send,
        note: 'Each save uses one credit.',
        aboveMaximum: 'ask',
        undo,
      }}
    />
  );
}

function renderScreen(props: Parameters<typeof Screen>[0]) {
  const client = queryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <Screen {...props} />
    </QueryClientProvider>,
  );
  return {
    ...view,
    show: (next: Parameters<typeof Screen>[0]) =>
      view.rerender(
        <QueryClientProvider client={client}>
          <Screen {...next} />
        </QueryClientProvider>,
      ),
  };
}

const ana = { id: 1, name: 'Ana Bennett' };
const zoe = { id: 2, name: "Zoë O'Brien-Nuñez" };

describe('GradeForm', () => {
  it('reads the same on every screen: Draft, then grade, feedback, rubric, then Save & Next before Save to Canvas', () => {
    renderScreen({ student: ana, rubric: RUBRIC });
    const panel = screen.getByTestId('grade-panel');
    const order = [
      screen.getByRole('button', { name: 'Draft with AI' }),
      screen.getByRole('spinbutton', { name: /^Grade \(out of 30\)/ }),
      screen.getByRole('textbox', { name: 'Feedback for the student' }),
      screen.getByRole('group', { name: 'Rubric' }),
      screen.getByRole('button', { name: 'Save & Next' }),
      screen.getByRole('button', { name: 'Save to Canvas' }),
    ];
    for (let index = 1; index < order.length; index += 1) {
      expect(order[index - 1]!.compareDocumentPosition(order[index]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(panel.contains(order[index]!)).toBe(true);
    }
  });

  it('keeps a form’s unsaved edits in the session while another student is shown', () => {
    const view = renderScreen({ student: ana });
    fireEvent.change(screen.getByTestId('grade-input'), { target: { value: '21' } });
    fireEvent.change(screen.getByTestId('feedback-input'), { target: { value: 'Kept for Ana.' } });
    view.show({ student: zoe });
    expect(screen.getByTestId('grade-input')).toHaveProperty('value', '');
    expect(screen.queryByTestId('kept-edits')).toBeNull();
    view.show({ student: ana });
    expect(screen.getByTestId('grade-input')).toHaveProperty('value', '21');
    expect(screen.getByTestId('feedback-input')).toHaveProperty('value', 'Kept for Ana.');
    expect(screen.getByTestId('kept-edits')).toBeTruthy();
  });

  it('gives each criterion a radio group whose checked rating follows the points, and none for points between ratings', () => {
    renderScreen({ student: ana, rubric: RUBRIC });
    const claim = screen.getByRole('radiogroup', { name: 'Claim' });
    const proficient = within(claim).getByRole('radio', { name: 'Proficient (16)' });
    fireEvent.click(proficient);
    expect(proficient).toHaveProperty('checked', true);
    expect(screen.getByRole('spinbutton', { name: 'Points for Claim' })).toHaveProperty('value', '16');
    expect(screen.getByTestId('rubric-total').textContent).toBe('16 / 30');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Points for Claim' }), { target: { value: '17.5' } });
    for (const radio of within(claim).getAllByRole('radio')) expect(radio).toHaveProperty('checked', false);
    expect(screen.getByRole('radiogroup', { name: 'Evidence' })).toBeTruthy();
  });

  it('tells a draft in the save bar, fills the form, and takes focus to the grade', async () => {
    renderScreen({
      student: zoe,
      rubric: RUBRIC,
      request: () => Promise.resolve({ draft: DRAFT, files: { read: [], unsupported: [], failed: [] } }),
    });
    const draftButton = screen.getByRole('button', { name: 'Draft with AI' });
    draftButton.focus();
    await act(async () => fireEvent.click(draftButton));
    const status = within(screen.getByTestId('save-bar')).getByTestId('save-status-line');
    expect(status.textContent).toContain('AI formative grading generated using rubric criteria!');
    expect(status.textContent).toContain("For Zoë O'Brien-Nuñez.");
    expect(screen.getByTestId('grade-input')).toHaveProperty('value', '26');
    expect(document.activeElement).toBe(screen.getByTestId('grade-input'));
    // The teacher-only review is there, closed.
    expect(screen.getByRole('group', { name: 'AI Grade Review' })).toHaveProperty('open', false);
  });

  it('leaves focus where the teacher is writing when a draft lands', async () => {
    let answer!: (response: DraftResponse) => void;
    renderScreen({ student: zoe, request: () => new Promise((resolve) => (answer = resolve)) });
    fireEvent.click(screen.getByRole('button', { name: 'Draft with AI' }));
    const instructions = screen.getByRole('switch', { name: 'Custom instructions' });
    fireEvent.click(instructions);
    const box = screen.getByRole('textbox', { name: 'Custom instructions' });
    box.focus();
    await act(async () => answer({ draft: DRAFT, files: { read: [], unsupported: [], failed: [] } }));
    expect(document.activeElement).toBe(box);
  });

  it('shows one result at a time in the save bar, and a failed save for another student stays with the way back', () => {
    let session!: GradingSession;
    renderScreen({ student: zoe, onSession: (current) => (session = current) });
    act(() =>
      session.report({
        subject: '9001:1',
        studentId: 1,
        studentName: 'Ana Bennett',
        tone: 'error',
        title: 'Grade Save Failed',
        description: 'Ana Bennett: An unexpected error occurred while saving the grade',
        isUnsavedWork: true,
      }),
    );
    const bar = screen.getByTestId('save-bar');
    expect(within(bar).getByRole('alert').textContent).toContain('Grade Save Failed');
    expect(within(bar).getByRole('button', { name: 'Back to Ana Bennett' })).toBeTruthy();
    act(() =>
      session.report({
        subject: '9001:2',
        studentId: 2,
        studentName: zoe.name,
        tone: 'success',
        title: 'Grade and feedback saved to Canvas',
        description: "Zoë O'Brien-Nuñez: Canvas stored: 28 / 30.",
      }),
    );
    expect(within(bar).getAllByTestId('save-status-line')).toHaveLength(1);
    expect(within(bar).getByRole('status').textContent).toContain('Canvas stored: 28 / 30.');
    expect(within(bar).getByTestId('save-status-reminder').textContent).toContain('Not saved yet: Ana Bennett');
    expect(within(bar).getByRole('button', { name: 'Back to Ana Bennett' })).toBeTruthy();
  });

  it('on a graded student, offers a draft beside her grade and puts it in the form only when she chooses it', async () => {
    renderScreen({
      student: ana,
      savedScore: 27,
      request: () => Promise.resolve({ draft: DRAFT, files: { read: [], unsupported: [], failed: [] } }),
    });
    expect(screen.getByTestId('grade-input')).toHaveProperty('value', '27');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Draft with AI' })));
    const offer = screen.getByTestId('draft-offer');
    expect(offer.textContent).toContain('Already graded: 27/30 in Canvas. The draft suggests 26.');
    expect(offer.textContent).toContain(DRAFT.feedback);
    expect(screen.getByTestId('grade-input')).toHaveProperty('value', '27');
    expect(screen.getByTestId('feedback-input')).toHaveProperty('value', '');
    fireEvent.click(within(offer).getByRole('button', { name: 'Use the draft' }));
    expect(screen.queryByTestId('draft-offer')).toBeNull();
    expect(screen.getByTestId('grade-input')).toHaveProperty('value', '26');
    expect(screen.getByTestId('feedback-input')).toHaveProperty('value', DRAFT.feedback);
  });

  it('asks before saving over a grade Canvas holds, and sends nothing when she keeps it', async () => {
    const sent: string[] = [];
    renderScreen({
      student: ana,
      savedScore: 27,
      send: () => {
        sent.push('sent');
        return Promise.resolve('20 / 30');
      },
    });
    fireEvent.change(screen.getByTestId('grade-input'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to Canvas' }));
    expect(screen.getByRole('dialog', { name: 'Replace 27/30?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep 27/30' }));
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Save to Canvas' }));
    await act(async () => fireEvent.click(screen.getByTestId('confirm-replace')));
    expect(sent).toEqual(['sent']);
  });

  it('saves a first grade without asking', async () => {
    const sent: string[] = [];
    renderScreen({
      student: zoe,
      send: () => {
        sent.push('sent');
        return Promise.resolve('20 / 30');
      },
    });
    fireEvent.change(screen.getByTestId('grade-input'), { target: { value: '20' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save to Canvas' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual(['sent']);
  });

  it('offers Undo after a save, unless the server kept nothing to undo', async () => {
    const undo = () => Promise.resolve('no grade');
    const first = renderScreen({ student: zoe, send: () => Promise.resolve({ stored: '20 / 30' }), undo });
    fireEvent.change(screen.getByTestId('grade-input'), { target: { value: '20' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save to Canvas' })));
    expect(screen.getByTestId('undo-save')).toBeTruthy();
    first.unmount();

    renderScreen({ student: ana, send: () => Promise.resolve({ stored: '20 / 30', canUndo: false }), undo });
    fireEvent.change(screen.getByTestId('grade-input'), { target: { value: '20' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save to Canvas' })));
    expect(screen.getByTestId('save-status-line').textContent).toContain('20 / 30');
    expect(screen.queryByTestId('undo-save')).toBeNull();
  });
});
