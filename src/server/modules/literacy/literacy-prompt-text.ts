import { neutralizeTags } from '@/server/adapters/ai';
import { gradeLevelLabels, subjectLabels, type GradeLevel, type Subject } from '@/shared/schemas/ai';

/** A prompt for the model: the system text and the request. */
export type Prompt = { system: string; prompt: string };

/** The teacher's assignment is material to work with: it cannot close its block and speak as us. */
export function neutralizeAssignmentText(text: string): string {
  return neutralizeTags(text, ['assignment_text']);
}

export const diverDescription = [
  'Discovery: exploration and multiple perspectives (students use AI to explore a topic, generate questions and find angles they had not considered).',
  'Interaction & Collaboration: collaborative learning and discussion (students work with peers and AI, compare outputs, discuss and build on them).',
  'Verification: critical evaluation and fact-checking (students check AI claims against reliable sources and spot errors, bias and gaps).',
  'Editing & Iteration: iteration and personal ownership (students revise, improve prompts and make the work their own, documenting changes).',
  'Reflection: metacognitive awareness and growth (students reflect on how AI helped or hindered their learning and on responsible use).',
].join('\n');

export function describeContext(subject: Subject, gradeLevel: GradeLevel, estimatedTime: string): string {
  return [
    `Subject: ${subject ? subjectLabels[subject] : 'not given'}`,
    `Grade level: ${gradeLevel ? gradeLevelLabels[gradeLevel] : 'not given'}`,
    `Estimated time: ${estimatedTime.trim() || 'not given'}`,
  ].join('\n');
}
