import { describe, expect, it } from 'vitest';
import { gradingOptionsSchema } from '@/shared/schemas/ai';
import { createOfflineEngine } from './draft-offline';
import { finalizeDraft } from '../../kernel/finalize-draft';
import { assignmentDescription, assignmentName, middlingEssay, rubric } from '@/server/test/grading-fixtures';

/**
 * The offline engine's time grows linearly with the length of the work: a 60,000-character
 * submission (a long lab report, a pasted book chapter) drafts in under half a second of
 * processor time (about 0.1-0.3 s measured), whatever its
 * shape. Each shape below made some part of it quadratic before: abbreviations that keep a
 * sentence growing ("e.g.", initials), thousands of short sentences each searched for every
 * phrase, sentences that all carry evidence or slips, and the quote index of a long text.
 */
const SIZE = 60_000;
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE);

const shapes: Record<string, string> = {
  'an essay repeated': fill(`${middlingEssay}\n\n`),
  'initials that merge sentences': fill('a.b. c '),
  'abbreviations in every line': fill('we saw fish e.g. trout and i.e. salmon, vs. others etc. and more '),
  'thousands of short sentences': fill('pH 7. and '),
  'evidence and slips in every sentence': fill('for example 45% of students said i dont know!! '),
  'one long line without punctuation': fill('the creek water was cold and clear ').replace(/\n/g, ' '),
  'no spaces at all': 'x'.repeat(SIZE),
};

async function draftOnce(text: string, useRubric: boolean) {
  const engine = createOfflineEngine();
  const raw = await engine.draftGrade({
    assignment: { name: assignmentName, descriptionText: assignmentDescription, pointsPossible: 100, rubric },
    submissionText: text,
    options: gradingOptionsSchema.parse({ useRubric }),
    examples: [],
    isFileContentIncluded: false,
    classWork: Array.from({ length: 8 }, (_, index) => ({
      text: `${middlingEssay} ${index}`,
      grade: index < 4 ? 70 + index : null,
    })),
  });
  return finalizeDraft(raw, { submissionText: text, pointsPossible: 100, rubric, useRubric });
}

describe('offline engine speed', () => {
  it.each(Object.entries(shapes))('drafts a 60,000-character submission (%s) well under a second', async (_, text) => {
    await draftOnce(middlingEssay, false); // loads the dictionary and warms the code
    for (const useRubric of [false, true]) {
      // Processor time of this test process: the machine may be shared, the code's cost is not.
      const started = process.cpuUsage();
      const draft = await draftOnce(text, useRubric);
      const used = process.cpuUsage(started);
      expect(draft.feedback.length).toBeGreaterThan(0);
      expect((used.user + used.system) / 1000).toBeLessThan(500);
    }
  });
});
