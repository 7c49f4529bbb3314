import { gradeLevelLabels, subjectLabels, type IntegrationSuggestion } from '@/shared/schemas/ai';
import type { IntegrationToolResponse, OriginalAssignment } from '@/shared/schemas/literacy';

/** The plain-text forms of the tool's results, for Copy and Download. */

export const INTEGRATION_FILENAME = 'ai-literacy-integration.txt';
export const REVISED_ASSIGNMENT_FILENAME = 'revised-assignment.txt';

/** "Subject: Science | Grade level: Middle School (6-8) | Estimated time: 3 class periods", or '' when none is given. */
export function describeAssignmentContext(
  assignment: Pick<OriginalAssignment, 'subject' | 'gradeLevel' | 'estimatedTime'>,
): string {
  return [
    assignment.subject ? `Subject: ${subjectLabels[assignment.subject]}` : null,
    assignment.gradeLevel ? `Grade level: ${gradeLevelLabels[assignment.gradeLevel]}` : null,
    assignment.estimatedTime.trim() ? `Estimated time: ${assignment.estimatedTime.trim()}` : null,
  ]
    .filter(Boolean)
    .join(' | ');
}

export function formatSuggestion(suggestion: IntegrationSuggestion): string {
  return [
    `${suggestion.phase}: ${suggestion.title}`,
    suggestion.description,
    '',
    'Activities:',
    ...suggestion.activities.map((activity) => `- ${activity}`),
    '',
    'Examples:',
    ...suggestion.examples.map((example) => `- ${example}`),
  ].join('\n');
}

/** The whole plan: overview, the five suggestions and the implementation guide. */
export function formatIntegrationPlan({
  result,
  assignment,
}: Pick<IntegrationToolResponse, 'result' | 'assignment'>): string {
  const context = describeAssignmentContext(assignment);
  return [
    `AI Literacy Integration Plan: ${assignment.title}`,
    ...(context ? [context] : []),
    '',
    'OVERVIEW',
    result.overview.trim(),
    '',
    'DIVER SUGGESTIONS',
    ...result.suggestions.flatMap((suggestion, index) => ['', `${index + 1}. ${formatSuggestion(suggestion)}`]),
    '',
    'IMPLEMENTATION GUIDE',
    result.implementation_guide.trim(),
    '',
    result.engine === 'offline'
      ? "Made with Margin's AI Literacy Assignment Integration Tool (offline engine, no AI model)."
      : "Made with Margin's AI Literacy Assignment Integration Tool.",
  ].join('\n');
}
