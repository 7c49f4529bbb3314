import { describe, expect, it } from 'vitest';
import { malformedCanvasParam } from './route-guards';

describe('malformedCanvasParam', () => {
  it('accepts Canvas ids and routes without one', () => {
    expect(malformedCanvasParam({ courseId: '4201' })).toBeNull();
    expect(malformedCanvasParam({ courseId: '4201', quizId: '7' })).toBeNull();
    expect(malformedCanvasParam({ checkoutId: 'not-a-canvas-id' })).toBeNull();
  });

  it('names the first id that can never exist', () => {
    expect(malformedCanvasParam({ courseId: 'abc' })).toBe('course');
    expect(malformedCanvasParam({ courseId: '0' })).toBe('course');
    expect(malformedCanvasParam({ courseId: '12', assignmentId: '1e3' })).toBe('assignment');
    expect(malformedCanvasParam({ courseId: '12', discussionId: '-1' })).toBe('discussion');
    expect(malformedCanvasParam({ courseId: '12', quizId: '' })).toBe('quiz');
  });
});
