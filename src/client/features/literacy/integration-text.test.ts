import { describe, expect, it } from 'vitest';
import { diverPhases, type IntegrationSuggestion } from '@/shared/schemas/ai';
import type { IntegrationToolResponse } from '@/shared/schemas/literacy';
import { describeAssignmentContext, formatIntegrationPlan, formatSuggestion } from './integration-text';

const suggestion = (phase: (typeof diverPhases)[number]): IntegrationSuggestion => ({
  phase,
  title: `${phase} title`,
  description: `${phase} description.`,
  activities: [`${phase} activity one`, `${phase} activity two`],
  examples: [`${phase} example`],
});

const response: Pick<IntegrationToolResponse, 'result' | 'assignment'> = {
  result: {
    overview: 'The overview.',
    suggestions: diverPhases.map(suggestion),
    implementation_guide: '1. First step.\n2. Second step.',
    engine: 'offline',
  },
  assignment: {
    title: 'Water Cycle',
    content: 'Write a lab report.',
    subject: 'science',
    gradeLevel: 'middle',
    estimatedTime: ' 3 class periods ',
  },
};

describe('plain-text results', () => {
  it('describes the context with the spec labels, leaving out what was not given', () => {
    expect(describeAssignmentContext(response.assignment)).toBe(
      'Subject: Science | Grade level: Middle School (6-8) | Estimated time: 3 class periods',
    );
    expect(describeAssignmentContext({ subject: '', gradeLevel: 'college', estimatedTime: '' })).toBe(
      'Grade level: College/University',
    );
    expect(describeAssignmentContext({ subject: '', gradeLevel: '', estimatedTime: '  ' })).toBe('');
  });

  it('formats one suggestion with its activities and examples', () => {
    expect(formatSuggestion(suggestion('Verification'))).toBe(
      [
        'Verification: Verification title',
        'Verification description.',
        '',
        'Activities:',
        '- Verification activity one',
        '- Verification activity two',
        '',
        'Examples:',
        '- Verification example',
      ].join('\n'),
    );
  });

  it('formats the whole plan: overview, five numbered suggestions, guide and the engine', () => {
    const text = formatIntegrationPlan(response);
    expect(
      text.startsWith(
        'AI Literacy Integration Plan: Water Cycle\nSubject: Science | Grade level: Middle School (6-8) | Estimated time: 3 class periods\n\nOVERVIEW\nThe overview.',
      ),
    ).toBe(true);
    expect(text).toContain('\n1. Discovery: Discovery title\n');
    expect(text).toContain('\n5. Reflection: Reflection title\n');
    expect(text).toContain('IMPLEMENTATION GUIDE\n1. First step.\n2. Second step.');
    expect(text).toContain('offline engine');
    expect(formatIntegrationPlan({ ...response, result: { ...response.result, engine: 'openai' } })).not.toContain(
      'offline',
    );
  });
});
