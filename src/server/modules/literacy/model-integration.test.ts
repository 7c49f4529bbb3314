import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { diverPhases, integrationResultSchema, type IntegrationSuggestion } from '@/shared/schemas/ai';
import { createAiModel, type AiModel } from '@/server/adapters/ai';
import { startFakeAiServer, type FakeAiServer } from '@/server/test/fake-ai-server';
import { proposeIntegrationWithModel } from './integration-prompt';
import { reviseAssignmentWithModel } from './revision-prompt';

let server: FakeAiServer;
let model: AiModel;

beforeAll(async () => {
  server = await startFakeAiServer();
  model = createAiModel(
    { provider: 'openai-compatible', model: 'fake-model', baseUrl: server.baseUrl },
    { maxNetworkRetries: 0, timeoutMs: 2_000 },
  ) as AiModel;
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

describe('the AI-literacy tools with a model (against the fake server)', () => {
  const request = {
    assignmentTitle: 'Water Cycle Poster',
    assignmentText: 'Create a poster that explains evaporation, condensation and precipitation.',
    subject: 'science' as const,
    gradeLevel: 'middle' as const,
    estimatedTime: '3 class periods',
  };
  const suggestion = (
    phase: IntegrationSuggestion['phase'],
    activities = ['Do one thing', 'Do another thing'],
  ): IntegrationSuggestion => ({
    phase,
    title: `${phase} title`,
    description: `${phase} description`,
    activities,
    examples: ['An example'],
  });

  it('orders the five phases and trims lists to their limits', async () => {
    const shuffled = [...diverPhases].reverse().map((phase) => suggestion(phase, ['a', 'b', 'c', 'd', 'e', 'f']));
    server.enqueue({
      kind: 'json',
      value: { overview: 'Overview', suggestions: shuffled, implementation_guide: 'Guide' },
    });
    const result = await proposeIntegrationWithModel(model, request);
    expect(integrationResultSchema.parse(result)).toEqual(result);
    expect(result.suggestions.map((item) => item.phase)).toEqual([...diverPhases]);
    expect(result.suggestions[0]!.activities).toHaveLength(5);
    expect(result.engine).toBe('openai-compatible');
    expect(server.promptText()).toContain('evaporation, condensation and precipitation');
    expect(server.promptText()).toContain('Middle School (6-8)');
  });

  it('fails with the integration message when a phase is missing twice', async () => {
    const four = {
      overview: 'Overview',
      suggestions: diverPhases.slice(0, 4).map((phase) => suggestion(phase)),
      implementation_guide: 'Guide',
    };
    server.enqueue({ kind: 'json', value: four }, { kind: 'json', value: four });
    await expect(proposeIntegrationWithModel(model, request)).rejects.toMatchObject({
      code: 'AI_FAILED',
      userMessage: 'Failed to generate AI integration suggestions. Please try again.',
    });
    expect(server.requests).toHaveLength(2);
  });

  it('revises an assignment with the selected suggestions in the prompt', async () => {
    server.enqueue({ kind: 'json', value: { revisedAssignment: '  Revised text  ' } });
    const revised = await reviseAssignmentWithModel(model, {
      originalAssignment: request.assignmentText,
      selectedSuggestions: [suggestion('Verification')],
      assignmentTitle: request.assignmentTitle,
      subject: 'science',
      gradeLevel: 'middle',
      estimatedTime: '',
    });
    expect(revised).toBe('Revised text');
    expect(server.promptText()).toContain('Verification: Verification title');
  });
});
