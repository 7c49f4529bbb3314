/** Rubric shapes the seed attaches to essays; points are shares of the assignment's total. */
export interface RubricTemplate {
  title: string;
  criteria: Array<{ description: string; longDescription: string | null; share: number }>;
}

/** Rating levels every criterion gets, as a fraction of the criterion's points. */
export const RATING_LEVELS = [
  { description: 'Exemplary', longDescription: 'Exceeds the standard in every respect.', fraction: 1 },
  { description: 'Proficient', longDescription: 'Meets the standard with minor gaps.', fraction: 0.8 },
  { description: 'Developing', longDescription: 'Partially meets the standard.', fraction: 0.6 },
  { description: 'Beginning', longDescription: 'Attempts the standard with major gaps.', fraction: 0.3 },
  { description: 'Not evident', longDescription: '', fraction: 0 },
] as const;

export const RUBRIC_TEMPLATES = {
  argument: {
    title: 'Argumentative Writing Rubric',
    criteria: [
      {
        description: 'Claim and thesis',
        longDescription: 'States a clear, arguable claim that the essay develops.',
        share: 0.2,
      },
      {
        description: 'Evidence and support',
        longDescription: 'Supports each reason with relevant, credible evidence.',
        share: 0.25,
      },
      {
        description: 'Organization',
        longDescription: 'Logical paragraphs, clear transitions, an introduction and a conclusion.',
        share: 0.2,
      },
      { description: 'Counterargument', longDescription: 'Acknowledges and answers an opposing view.', share: 0.15 },
      { description: 'Conventions', longDescription: null, share: 0.2 },
    ],
  },
  narrative: {
    title: 'Personal Narrative Rubric',
    criteria: [
      {
        description: 'Narrative structure',
        longDescription: 'A clear sequence of events with a beginning, turning point and end.',
        share: 0.3,
      },
      {
        description: 'Descriptive detail',
        longDescription: 'Specific sensory details and dialogue bring the moment to life.',
        share: 0.25,
      },
      {
        description: 'Reflection and meaning',
        longDescription: 'Explains why the moment mattered and what changed.',
        share: 0.25,
      },
      { description: 'Conventions', longDescription: null, share: 0.2 },
    ],
  },
  literary: {
    title: 'Literary Analysis Rubric',
    criteria: [
      { description: 'Thesis', longDescription: 'An interpretive claim about the text, not a summary.', share: 0.25 },
      {
        description: 'Textual evidence',
        longDescription: 'Quotations and details from the text support the claim.',
        share: 0.3,
      },
      { description: 'Analysis', longDescription: 'Explains how the evidence supports the thesis.', share: 0.3 },
      { description: 'Conventions', longDescription: null, share: 0.15 },
    ],
  },
  dbq: {
    title: 'DBQ Rubric',
    criteria: [
      {
        description: 'Thesis',
        longDescription: 'A historically defensible claim that establishes a line of reasoning.',
        share: 0.2,
      },
      { description: 'Contextualization', longDescription: 'Describes the broader historical context.', share: 0.2 },
      {
        description: 'Evidence from the documents',
        longDescription: 'Uses at least four documents to support the argument.',
        share: 0.2,
      },
      {
        description: 'Evidence beyond the documents',
        longDescription: 'Uses relevant evidence not found in the documents.',
        share: 0.2,
      },
      {
        description: 'Analysis and reasoning',
        longDescription: 'Explains sourcing and demonstrates complex understanding.',
        share: 0.2,
      },
    ],
  },
  lab: {
    title: 'Lab Report Rubric',
    criteria: [
      {
        description: 'Procedure and data',
        longDescription: 'Methods are reproducible and data is organized in tables.',
        share: 0.4,
      },
      {
        description: 'Analysis',
        longDescription: 'Interprets the data and connects it to the hypothesis.',
        share: 0.35,
      },
      {
        description: 'Conclusion and sources of error',
        longDescription: 'Draws a conclusion and names realistic sources of error.',
        share: 0.25,
      },
    ],
  },
  position: {
    title: 'Position Paper Rubric',
    criteria: [
      { description: 'Position', longDescription: 'Takes a clear position on the local issue.', share: 0.25 },
      {
        description: 'Scientific evidence',
        longDescription: 'Uses accurate scientific evidence, including our own data.',
        share: 0.35,
      },
      { description: 'Counterargument', longDescription: 'Addresses an opposing view fairly.', share: 0.2 },
      { description: 'Conventions', longDescription: null, share: 0.2 },
    ],
  },
} satisfies Record<string, RubricTemplate>;

export type RubricTemplateKey = keyof typeof RUBRIC_TEMPLATES;
