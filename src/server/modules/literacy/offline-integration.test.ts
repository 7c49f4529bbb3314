import { describe, expect, it } from 'vitest';
import { diverPhases, integrationResultSchema } from '@/shared/schemas/ai';
import {
  parseTime,
  profileAssignment,
  proposeIntegrationOffline,
  reviseAssignmentOffline,
  taskPhrase,
} from './offline-integration';

describe('the AI-literacy tools without a model', () => {
  const request = {
    assignmentTitle: 'The Causes of the Great Depression',
    assignmentText: `In this unit you will investigate the causes of the Great Depression.
1. Read the textbook chapter on the 1929 stock market crash and the Dust Bowl.
2. Research two primary sources from the era, such as a newspaper article or a letter.
3. Write a 3-page research paper explaining which cause mattered most: the stock market crash, bank failures, or falling consumer demand.
4. Present your findings to the class in a 3-minute presentation.`,
    subject: 'history' as const,
    gradeLevel: 'high' as const,
    estimatedTime: '2 weeks',
  };

  it("builds five DIVER suggestions from the assignment's own tasks and terms", async () => {
    const result = proposeIntegrationOffline(request);
    expect(integrationResultSchema.parse(result)).toEqual(result);
    expect(result.suggestions.map((suggestion) => suggestion.phase)).toEqual([...diverPhases]);
    const all = JSON.stringify(result);
    expect(all).toContain('the Great Depression');
    expect(all).toContain('research paper');
    expect(all).toContain('primary sources');
    expect(result.overview).toContain('write a 3-page research paper');
    expect(result.implementation_guide).toMatch(/Discovery: about \d+ school days?/);
    expect(result.engine).toBe('offline');
  });

  it('adapts to the grade level and the time available', async () => {
    const young = proposeIntegrationOffline({ ...request, gradeLevel: 'elementary', estimatedTime: '3 class periods' });
    expect(young.implementation_guide).toContain('teacher-led');
    expect(JSON.stringify(young.suggestions)).toMatch(/about \d+ minutes/);
    const other = proposeIntegrationOffline({
      ...request,
      assignmentText: 'Solve the equations on page 12 and explain each step.',
      subject: 'math',
      gradeLevel: '',
      estimatedTime: '',
    });
    expect(JSON.stringify(other)).toContain('equations');
    expect(other.suggestions).toHaveLength(5);
  });

  it('weaves the selected suggestions into the original assignment under headings', async () => {
    const proposal = proposeIntegrationOffline(request);
    const selected = [proposal.suggestions[0]!, proposal.suggestions[2]!];
    const revised = reviseAssignmentOffline({
      originalAssignment: request.assignmentText,
      selectedSuggestions: selected,
      assignmentTitle: request.assignmentTitle,
      subject: request.subject,
      gradeLevel: request.gradeLevel,
      estimatedTime: request.estimatedTime,
    });
    expect(revised).toContain(request.assignmentText.trim());
    expect(revised).toContain(`Before You Begin (Discovery): ${selected[0]!.title}`);
    expect(revised).toContain(`While You Work (Verification): ${selected[1]!.title}`);
    expect(revised).not.toContain('(Reflection)');
    expect(revised).toContain('Submission Checklist');
    expect(revised).toContain('verification table');
  });

  it('reads task phrases, deliverables and times', () => {
    expect(taskPhrase('write a 3-page research paper explaining which cause mattered most')).toBe(
      'write a 3-page research paper',
    );
    expect(taskPhrase('read the chapter on the crash and the')).toBe('read the chapter on the crash');
    expect(profileAssignment({ ...request, assignmentText: 'Design a poster about volcanoes.' }).deliverable).toBe(
      'poster',
    );
    expect(parseTime('3 class periods')).toMatchObject({ unit: 'class period', amount: 3 });
    expect(parseTime('two weeks')).toMatchObject({ unit: 'week', amount: 2 });
    expect(parseTime('whenever')).toMatchObject({ unit: null });
  });
});
