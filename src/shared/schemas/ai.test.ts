import { describe, expect, it } from 'vitest';
import {
  describeGeneratedDraft,
  diverPhases,
  gradingOptionsSchema,
  integrationRequestSchema,
  integrationResultSchema,
  revisionRequestSchema,
  type IntegrationSuggestion,
} from '@/shared/schemas/ai';

// The shared AI schemas (src/shared/schemas/ai.ts), tested here beside their main user.
const suggestion = (phase: IntegrationSuggestion['phase']): IntegrationSuggestion => ({
  phase,
  title: 'Title',
  description: 'Description',
  activities: ['One', 'Two'],
  examples: ['Example'],
});

describe('shared AI schemas', () => {
  it('defaults the grading options as the spec does', () => {
    expect(gradingOptionsSchema.parse({})).toEqual({ mode: 'formative', useRubric: false, customInstructions: null });
    expect(gradingOptionsSchema.safeParse({ customInstructions: 'x'.repeat(2001) }).success).toBe(false);
  });

  it('checks the integration request with the spec message', () => {
    const parsed = integrationRequestSchema.parse({ assignmentTitle: ' Essay ', assignmentText: 'Write.' });
    expect(parsed).toEqual({
      assignmentTitle: 'Essay',
      assignmentText: 'Write.',
      subject: '',
      gradeLevel: '',
      estimatedTime: '',
    });
    const empty = integrationRequestSchema.safeParse({ assignmentTitle: '  ', assignmentText: 'Write.' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Please provide both assignment title and content.');
    expect(
      integrationRequestSchema.safeParse({ assignmentTitle: 'a', assignmentText: 'b', subject: 'chemistry' }).success,
    ).toBe(false);
  });

  it('wants exactly five suggestions, one per DIVER phase', () => {
    const base = { overview: 'o', implementation_guide: 'g', engine: 'offline' };
    expect(integrationResultSchema.safeParse({ ...base, suggestions: diverPhases.map(suggestion) }).success).toBe(true);
    const doubled = [...diverPhases.slice(0, 4), 'Discovery' as const].map(suggestion);
    expect(integrationResultSchema.safeParse({ ...base, suggestions: doubled }).success).toBe(false);
    expect(
      integrationResultSchema.safeParse({ ...base, suggestions: diverPhases.slice(0, 4).map(suggestion) }).success,
    ).toBe(false);
    const tooMany = diverPhases.map((phase) => ({ ...suggestion(phase), activities: ['1', '2', '3', '4', '5', '6'] }));
    expect(integrationResultSchema.safeParse({ ...base, suggestions: tooMany }).success).toBe(false);
  });

  it('needs at least one selected suggestion for a revision', () => {
    const result = revisionRequestSchema.safeParse({ originalAssignment: 'Write.', selectedSuggestions: [] });
    expect(result.error?.issues[0]?.message).toBe('Please select at least one suggestion to integrate.');
  });

  it("builds the spec's success message", () => {
    expect(
      describeGeneratedDraft('formative', {
        rubricAssessment: null,
        filesUsed: false,
        customInstructionsApplied: false,
      }),
    ).toBe('AI formative grading generated using assignment description!');
    expect(
      describeGeneratedDraft('summative', { rubricAssessment: [], filesUsed: true, customInstructionsApplied: true }),
    ).toBe(
      'AI summative grading generated using rubric criteria! File content processed. Custom instructions applied.',
    );
  });
});
