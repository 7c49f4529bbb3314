import { describe, expect, it } from 'vitest';
import {
  clampGrade,
  EMPTY_FEEDBACK_TEXT,
  effectivePointsPossible,
  finalizeDraft,
  gradeFromRubric,
  buildQuoteIndex,
  checkQuotesInText,
  normalizeForQuoteMatch,
  roundToStep,
  verifyQuote,
} from './finalize-draft';
import type { RawGradingDraft } from './drafter-port';
import { rubric } from '@/server/test/grading-fixtures';

const submission =
  'The “Industrial Revolution” changed how people worked.\nFactories   replaced farms, and cities grew quickly.';
const normalized = buildQuoteIndex(submission);

function raw(overrides: Partial<RawGradingDraft> = {}): RawGradingDraft {
  return {
    grade: 80,
    feedback: 'Nice work.',
    strengths: [],
    areasForImprovement: [],
    summary: 'Summary.',
    gradeReview: 'Review.',
    rubricAssessment: null,
    examplesUsed: [],
    engine: 'offline',
    filesUsed: false,
    customInstructionsApplied: false,
    ...overrides,
  };
}

describe('grade helpers', () => {
  it('rounds to the 0.5 step', () => {
    expect(roundToStep(87.3)).toBe(87.5);
    expect(roundToStep(87.2)).toBe(87);
    expect(roundToStep(87.75)).toBe(88);
  });

  it('clamps into 0..max and never above max', () => {
    expect(clampGrade(140, 100)).toBe(100);
    expect(clampGrade(-3, 100)).toBe(0);
    expect(clampGrade(Number.NaN, 100)).toBe(0);
    expect(clampGrade(7.4, 7.25)).toBe(7.25);
    expect(clampGrade(6.9, 7.25)).toBe(7);
  });

  it('uses 100 when the points possible are unknown', () => {
    expect(effectivePointsPossible(null)).toBe(100);
    expect(effectivePointsPossible(0)).toBe(100);
    expect(effectivePointsPossible(20)).toBe(20);
  });
});

describe('quote verification', () => {
  it('accepts exact words, forgiving only case, whitespace and curly quotes, and returns the student’s own text', () => {
    expect(verifyQuote('factories replaced farms', normalized)).toBe('Factories   replaced farms');
    expect(verifyQuote('The "Industrial Revolution" changed', normalized)).toBe('The “Industrial Revolution” changed');
    expect(verifyQuote('people worked. Factories replaced', normalized)).toBe('people worked.\nFactories   replaced');
    expect(verifyQuote('  “Factories replaced farms”  ', normalized)).toBe('Factories   replaced farms');
    expect(verifyQuote('cities grew quickly.', submission)).toBe('cities grew quickly.');
  });

  it('normalizes case, whitespace and quotation marks only', () => {
    expect(normalizeForQuoteMatch('  It’s   “Fine”\n\tNOW ')).toBe('it\'s "fine" now');
  });

  it('rejects paraphrases, ellipses, partial words and trivial quotes', () => {
    expect(verifyQuote('Factories replaced the farms', normalized)).toBeNull();
    expect(verifyQuote('Factories replaced farms... cities grew', normalized)).toBeNull();
    expect(verifyQuote('actories replaced', normalized)).toBeNull();
    expect(verifyQuote('The', normalized)).toBeNull();
    expect(verifyQuote('', normalized)).toBeNull();
    expect(verifyQuote(null, normalized)).toBeNull();
  });
});

describe('finalizeDraft', () => {
  it('clamps, restores names, checks quotes and fills empty feedback', () => {
    const draft = finalizeDraft(
      raw({
        grade: 140,
        feedback: '  ',
        strengths: [
          { text: '[STUDENT_FIRST_NAME] explains change.', quote: 'changed how people worked' },
          { text: 'Uses data.', quote: 'Wages rose by 40 percent.' },
          { text: '   ', quote: null },
        ],
        summary: 'About [STUDENT_NAME].',
      }),
      {
        submissionText: submission,
        pointsPossible: 20,
        rubric: null,
        useRubric: false,
        restore: (value) => value.replace('[STUDENT_FIRST_NAME]', 'Ana').replace('[STUDENT_NAME]', 'Ana Ruiz'),
      },
    );
    expect(draft.grade).toBe(20);
    expect(draft.feedback).toBe(EMPTY_FEEDBACK_TEXT);
    expect(draft.summary).toBe('About Ana Ruiz.');
    expect(draft.strengths).toEqual([
      { text: 'Ana explains change.', quote: 'changed how people worked', quoteVerified: true },
      { text: 'Uses data.', quote: null, quoteVerified: false },
    ]);
  });

  it('verifies a quote only after names are restored', () => {
    const text = 'Sam Lee wrote that Sam Lee loves maps.';
    const draft = finalizeDraft(raw({ strengths: [{ text: 'Voice.', quote: '[STUDENT_NAME] loves maps' }] }), {
      submissionText: text,
      pointsPossible: 10,
      rubric: null,
      useRubric: false,
      restore: (value) => value.replace('[STUDENT_NAME]', 'Sam Lee'),
    });
    expect(draft.strengths[0]).toEqual({ text: 'Voice.', quote: 'Sam Lee loves maps', quoteVerified: true });
  });

  it('with the rubric: clamps each criterion, rounds it and sums the grade', () => {
    const draft = finalizeDraft(
      raw({
        grade: 12,
        rubricAssessment: [
          { criterionId: 'crit_organization', points: 30, comment: 'Too many points.', quote: null },
          { criterionId: 'crit_thesis', points: 17.3, comment: 'ok', quote: 'cities grew quickly' },
          { criterionId: 'unknown', points: 10, comment: 'not in the rubric', quote: null },
          { criterionId: 'crit_evidence', points: -4, comment: 'negative', quote: null },
        ],
      }),
      { submissionText: submission, pointsPossible: 100, rubric, useRubric: true },
    );
    expect(draft.rubricAssessment?.map((item) => [item.criterionId, item.points])).toEqual([
      ['crit_thesis', 17.5],
      ['crit_evidence', 0],
      ['crit_organization', 25],
      ['crit_conventions', 0],
    ]);
    expect(draft.rubricAssessment?.[0]?.quoteVerified).toBe(true);
    expect(draft.rubricAssessment?.[3]?.comment).toMatch(/Not assessed/);
    expect(draft.grade).toBe(42.5);
  });

  it('drops the rubric assessment when the rubric was not used', () => {
    const draft = finalizeDraft(
      raw({ rubricAssessment: [{ criterionId: 'crit_thesis', points: 5, comment: '', quote: null }] }),
      {
        submissionText: submission,
        pointsPossible: 100,
        rubric,
        useRubric: false,
      },
    );
    expect(draft.rubricAssessment).toBeNull();
    expect(draft.grade).toBe(80);
  });

  it('scales the rubric sum when the rubric total differs from the points possible', () => {
    const result = gradeFromRubric(
      rubric.map((criterion) => ({ criterionId: criterion.id, points: 20, comment: '', quote: null })),
      rubric,
      50,
      normalized,
    );
    expect(result.grade).toBe(40);
    expect(result.note).toMatch(/scaled to 40\/50/);
  });
});

describe('quotes inside the feedback text', () => {
  const work = buildQuoteIndex('Plastic straws harm sea turtles every year. We should ban them in the cafeteria.');
  const prompt = buildQuoteIndex('Persuasive Letter: Should Our Cafeteria Go Plastic-Free?');

  it('keeps the student’s own words, short terms and the prompt’s title', () => {
    const text =
      'Your claim is clear (“We should ban them in the cafeteria.”). Use transitions such as “however”. You answer “Should Our Cafeteria Go Plastic-Free?” directly.';
    expect(checkQuotesInText(text, work, prompt)).toBe(text);
  });

  it('drops a quote that is not the student’s, with its parenthesis or sentence, and leaves no trace', () => {
    const text = [
      'What is working:',
      '- You state a position (“Post 1: initial post (2026-11-13 02:02) Plastic straws”).',
      '- You use evidence (“everyone stays awake for notifications until midnight”). The quoted evidence, for instance, is not explained yet.',
      'As you wrote, "my cousin gets four hours a night" and that matters. Keep going.',
      "[CLASSMATE] (context only, not the student's work):",
      'You reply to [CLASSMATE] with care.',
    ].join('\n');
    expect(checkQuotesInText(text, work, prompt)).toBe(
      [
        'What is working:',
        '- You state a position.',
        '- You use evidence.',
        'Keep going.',
        'You reply to a classmate with care.',
      ].join('\n'),
    );
  });
});
