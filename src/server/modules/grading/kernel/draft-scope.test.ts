import { describe, expect, it } from 'vitest';
import { draftScope } from './draft-scope';

describe('draftScope', () => {
  it('keeps the stored shape of each screen, so drafts saved before still load', () => {
    expect(draftScope({ kind: 'assignment', courseId: 4201, assignmentId: 5001 })).toBe('assignment:4201:5001');
    expect(draftScope({ kind: 'discussion', courseId: 4201, topicId: 6101 })).toBe('discussion:4201:6101');
    expect(draftScope({ kind: 'quiz', courseId: 4201, quizId: 8101, quizSubmissionId: 9001 })).toBe(
      'quiz:4201:8101:9001',
    );
  });
});
