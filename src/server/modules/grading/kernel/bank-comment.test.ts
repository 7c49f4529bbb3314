import { describe, expect, it } from 'vitest';
import { AI_LINE } from '@/shared/ai-line';
import { bankableComment } from './bank-comment';

const roster = [
  { id: 1, names: ['Zoë O’Brien', 'O’Brien, Zoë'], emails: ['zoe.obrien@students.example.edu'] },
  { id: 2, names: ['José Martínez-Ruiz'], emails: [] },
];
const studentWork =
  'Teenagers need more sleep than adults. In Seattle, when schools started later, students slept thirty-four minutes more each night and attendance went up.';

describe('a comment made ready for the comment bank', () => {
  it('keeps her words and takes out names, e-mails and the student’s quoted work', () => {
    const kept = bankableComment(
      `Zoë, your claim is clear. "students slept thirty-four minutes more" is strong evidence; compare it with José's point. Write to zoe.obrien@students.example.edu if stuck.\n\n${AI_LINE}`,
      { roster, studentWork, aiLine: AI_LINE },
    );
    expect(kept).toBe(
      "[name], your claim is clear. [quote] is strong evidence; compare it with [name]'s point. Write to if stuck.",
    );
  });

  it('takes out a run of the work copied without quotation marks, and keeps a quotation that is not hers', () => {
    const kept = bankableComment(
      'You wrote that when schools started later students slept thirty-four minutes more each night; cite it. The rubric asks for "a clear, arguable claim".',
      { roster, studentWork, aiLine: null },
    );
    expect(kept).toBe('You wrote that [quote]; cite it. The rubric asks for "a clear, arguable claim".');
  });

  it('keeps nothing when nothing of hers is left', () => {
    expect(bankableComment('Zoë O’Brien', { roster, studentWork, aiLine: null })).toBeNull();
    expect(bankableComment(AI_LINE, { roster, studentWork, aiLine: AI_LINE })).toBeNull();
  });
});
