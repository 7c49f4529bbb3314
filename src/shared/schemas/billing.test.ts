import { describe, expect, it } from 'vitest';
import { gradingReturnPath, isReturnPath, purchaseReturnPath, toReturnPath } from './billing';

describe('return paths', () => {
  it('are the fixed pages or a grading screen with its student, nothing else', () => {
    for (const path of [
      '/pricing',
      '/settings',
      '/dashboard',
      '/courses/4201/assignments/5001/grade',
      '/courses/4201/discussions/6101/grade?student=2003',
      '/courses/4201/quizzes/8101/grade?student=2003',
    ]) {
      expect(isReturnPath(path), path).toBe(true);
    }
    for (const path of [
      'https://evil.example/courses/1/assignments/2/grade',
      '//evil.example/courses/1/assignments/2/grade',
      '/courses/1/assignments/2/grade?student=3&next=/x',
      '/courses/0/assignments/2/grade',
      '/courses/1/assignments/2/grade/',
      '/courses/1/assignments/2/grade?question=4',
      '/pricing?x=1',
      '/courses/1/assignments/2/grade#x',
    ]) {
      expect(isReturnPath(path), path).toBe(false);
    }
    expect(toReturnPath('//evil.example', '/pricing')).toBe('/pricing');
  });

  it('keep the student when a checkout returns to a grading screen', () => {
    expect(purchaseReturnPath('/courses/1/quizzes/2/grade?student=3', 'success', 'Core Plan')).toBe(
      '/courses/1/quizzes/2/grade?student=3&purchase=success&plan=Core+Plan',
    );
    expect(purchaseReturnPath('/settings', 'cancelled')).toBe('/settings?purchase=cancelled');
  });

  it('are read from the grading screen she is on, keeping only the student', () => {
    expect(gradingReturnPath('/courses/1/quizzes/2/grade', '?student=3&question=9&tab=all')).toBe(
      '/courses/1/quizzes/2/grade?student=3',
    );
    expect(gradingReturnPath('/courses/1/assignments/2/grade', '')).toBe('/courses/1/assignments/2/grade');
    expect(gradingReturnPath('/courses/1/assignments/2/grade', '?student=abc')).toBe('/courses/1/assignments/2/grade');
    expect(gradingReturnPath('/settings', '')).toBeNull();
  });
});
