import { describe, expect, it } from 'vitest';
import { AI_LINE, aiLineFor, withAiLine } from './ai-line';

describe('the AI line', () => {
  it('is added when the teacher or her institution turned it on, whatever the other says', () => {
    expect(aiLineFor({ teacherAddsLine: false, institutionAddsLine: false })).toBeNull();
    expect(aiLineFor({ teacherAddsLine: true, institutionAddsLine: false })).toBe(AI_LINE);
    expect(aiLineFor({ teacherAddsLine: false, institutionAddsLine: true })).toBe(AI_LINE);
    expect(aiLineFor({ teacherAddsLine: true, institutionAddsLine: true })).toBe(AI_LINE);
  });

  it('ends a comment once, after a blank line, and never makes a comment of an empty one', () => {
    expect(withAiLine('Strong claim, Zoë.  \n', AI_LINE)).toBe(`Strong claim, Zoë.\n\n${AI_LINE}`);
    expect(withAiLine(`Strong claim.\n\n${AI_LINE}`, AI_LINE)).toBe(`Strong claim.\n\n${AI_LINE}`);
    expect(withAiLine('   ', AI_LINE)).toBe('   ');
    expect(withAiLine('Strong claim.', null)).toBe('Strong claim.');
  });
});
