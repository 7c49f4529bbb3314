/**
 * Where a stored draft (and a whole-class run) belongs: one grading screen of one teacher. The
 * draft table keys rows by (teacher, scope, student or question); this is the only place the scope
 * text is made, so the three variants cannot drift apart. The text is stored, so its shape stays.
 */
export type DraftTarget =
  | { kind: 'assignment'; courseId: number; assignmentId: number }
  | { kind: 'discussion'; courseId: number; topicId: number }
  | { kind: 'quiz'; courseId: number; quizId: number; quizSubmissionId: number };

export function draftScope(target: DraftTarget): string {
  switch (target.kind) {
    case 'assignment':
      return `assignment:${target.courseId}:${target.assignmentId}`;
    case 'discussion':
      return `discussion:${target.courseId}:${target.topicId}`;
    case 'quiz':
      // Drafts of one student's quiz, keyed by question id (the store's "student" column).
      return `quiz:${target.courseId}:${target.quizId}:${target.quizSubmissionId}`;
  }
}
