import { describe, expect, it } from 'vitest';
import { keyTerms, termCoverage, tokenize } from './key-terms';

describe('key terms', () => {
  it('are what the prompt is about, not the words of its instructions (post, reply, answer, question, quiz, feedback)', () => {
    const discussion = keyTerms(
      'Was American independence inevitable after 1763? Post your argument, then respond to at least one classmate who disagrees with you.',
      12,
    );
    expect(discussion).toEqual(expect.arrayContaining(['american', 'independence', 'inevitable']));
    for (const word of ['post', 'respond', 'classmate']) expect(discussion).not.toContain(word);
    const quiz = keyTerms(
      'Unit 1 Reading Quiz: Is he mad? In one paragraph, answer the question: why does the narrator insist he is not mad? Your feedback will follow.',
      12,
    );
    expect(quiz).toEqual(expect.arrayContaining(['narrator', 'insist']));
    for (const word of ['quiz', 'answer', 'question', 'feedback']) expect(quiz).not.toContain(word);
  });

  it("leave out a discussion rubric's words for taking part (participation, contribution, conversation)", () => {
    const terms = keyTerms(
      'Was the Revolution Inevitable? Participation: posts on time. Contribution to the conversation: engages with peers. Independence after 1763.',
      12,
    );
    expect(terms).toEqual(expect.arrayContaining(['revolution', 'inevitable', 'independence']));
    for (const word of ['participation', 'contribution', 'conversation', 'engages', 'peers'])
      expect(terms).not.toContain(word);
  });

  it('are found in a text by stem or by a shared stem of five letters or more, and missing otherwise', () => {
    const words = tokenize(
      'The colonies argued in parliamentary debates about policies and taxation before independence.',
    );
    expect(termCoverage(['colony', 'policy', 'taxes', 'independent', 'parliament'], words)).toEqual({
      found: ['colony', 'policy', 'parliament'],
      missing: ['taxes', 'independent'],
    });
  });

  it('are the more frequent words first, then the longer, then the first seen', () => {
    expect(keyTerms('harbor ships ships harbor vessels vessels cargo', 3)).toEqual(['vessels', 'harbor', 'ships']);
  });
});
