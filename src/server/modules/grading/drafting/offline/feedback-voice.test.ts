import { describe, expect, it } from 'vitest';
import { gradingInput, middlingEssay, strongEssay, weakEssay } from '@/server/test/grading-fixtures';
import type { ClassWork, GradingExample } from '../../kernel/drafter-port';
import { countWords, feedbackWordBudget } from '../../kernel/feedback-length';
import { finalizeDraft, withoutUnrestoredName } from '../../kernel/finalize-draft';
import { offlineDrafter as engine } from './draft-offline';
import { FIRST_NAME, fitToBudget } from './feedback-voice';

async function draft(text: string, more: { examples?: GradingExample[]; classWork?: ClassWork[] } = {}) {
  const input = gradingInput({ submissionText: text, ...more });
  const raw = await engine.draftGrade(input);
  return finalizeDraft(raw, {
    submissionText: text,
    pointsPossible: 100,
    rubric: null,
    useRubric: false,
    restore: (value) => value.replaceAll(FIRST_NAME, 'Zoë'),
  });
}

/** A short argument with a stated claim and a closing paragraph that no marker word announces. */
const withEveryElement = [
  'Should school start later?',
  'Schools should start at 8:30 because teenagers who sleep longer learn more and stay safer on the road.',
  'Researchers at the University of Minnesota found that attendance rose when one district moved its start time to 8:30. Students also reported feeling less depressed, which shows that sleep affects more than grades.',
  'Some parents worry about sports practice running late. That problem can be solved by moving practice to the morning on two days a week, as one school in Seattle did.',
  'Starting at 8:30 costs a district little and gives every teenager the sleep their body needs. The evidence from Minnesota and Seattle points one way, and our board should follow it this year.',
].join('\n\n');

describe('feedback written for this student', () => {
  it('greets the student by first name, put back after redaction', async () => {
    const result = await draft(middlingEssay);
    expect(result.feedback).toMatch(/Zoë[,.]/);
    expect(result.feedback).not.toContain('[STUDENT_FIRST_NAME]');
  });

  it('leaves the greeting out when no name can be put back, never showing the placeholder', () => {
    expect(withoutUnrestoredName(`${FIRST_NAME}, here is what works.`)).toBe('Here is what works.');
    expect(withoutUnrestoredName(`Thank you, ${FIRST_NAME}. A few notes.`)).toBe('Thank you. A few notes.');
    expect(withoutUnrestoredName('Thank you, Zoë. A few notes.')).toBe('Thank you, Zoë. A few notes.');
  });

  it('stays within about 150 words', async () => {
    for (const essay of [strongEssay, middlingEssay, weakEssay, withEveryElement]) {
      const result = await draft(essay);
      expect(countWords(result.feedback)).toBeLessThanOrEqual(150);
      expect(countWords(result.feedback)).toBeGreaterThanOrEqual(40);
    }
  });

  it("follows the length of the teacher's own comments on the assignment", async () => {
    const brief = 'Good start on the claim. Add one more source and explain how it supports you.';
    const examples: GradingExample[] = [1, 2, 3].map((index) => ({
      label: `Example ${index}`,
      score: 80,
      comment: brief,
      excerpt: 'Schools should start later.',
    }));
    expect(feedbackWordBudget(examples)).toBeLessThan(60);
    const usual = countWords((await draft(middlingEssay)).feedback);
    const hers = countWords((await draft(middlingEssay, { examples })).feedback);
    // One point of each kind with a short quote: near her length, and well under the usual draft.
    expect(hers).toBeLessThanOrEqual(80);
    expect(hers).toBeLessThan(usual * 0.75);
  });

  it('does not open every draft of a class with the same sentence', async () => {
    const essays = [strongEssay, middlingEssay, weakEssay, withEveryElement, `${middlingEssay}\n\nThank you.`];
    const openings = new Set<string>();
    for (const essay of essays) openings.add((await draft(essay)).feedback.split('\n')[0]!);
    expect(openings.size).toBeGreaterThanOrEqual(3);
  });

  it('never says a claim or a conclusion is missing from work that has them', async () => {
    const result = await draft(withEveryElement);
    const everything = [result.feedback, ...result.areasForImprovement.map((point) => point.text)].join(' ');
    expect(everything).not.toMatch(
      /without one|does not make a clear claim|no conclusion|no clear opening claim|missing/i,
    );
  });

  it("takes a word several classmates use as the subject's vocabulary, not a misspelling", async () => {
    // "chronotype" is in neither dictionary: only the class shows it is a word of the subject.
    const essay = `${middlingEssay}\n\nEvery teenager has a later chronotype, so they cannot fall asleep early.`;
    const classWork: ClassWork[] = [1, 2, 3, 4].map((index) => ({
      text: `Essay ${index}: a teenager's chronotype shifts later, so they fall asleep later.`,
      grade: null,
    }));
    const flagged = (result: Awaited<ReturnType<typeof draft>>) =>
      [result.feedback, ...result.areasForImprovement.map((point) => point.text), result.gradeReview].join(' ');
    expect(flagged(await draft(essay))).toMatch(/“chronotype”/);
    expect(flagged(await draft(essay, { classWork }))).not.toMatch(/“chronotype”/);
  });

  it('does not flag the words of a subject that a larger dictionary knows', async () => {
    const essay = `${middlingEssay}\n\nAt night the body releases melatonin and adenosine builds up, so teenagers feel sleepy later.`;
    const result = await draft(essay);
    expect([result.feedback, ...result.areasForImprovement.map((point) => point.text)].join(' ')).not.toMatch(
      /“(melatonin|adenosine)”/,
    );
  });
});

describe('fitToBudget', () => {
  it('leaves out the optional lines, highest rank first, until the text fits', () => {
    const lines = [
      { text: 'one two three' },
      { text: 'four five six', optional: 2 },
      { text: 'seven eight nine', optional: 3 },
    ];
    expect(fitToBudget(lines, 9)).toBe('one two three\nfour five six\nseven eight nine');
    expect(fitToBudget(lines, 6)).toBe('one two three\nfour five six');
    expect(fitToBudget(lines, 1)).toBe('one two three');
  });
});
