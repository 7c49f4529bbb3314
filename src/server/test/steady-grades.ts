import type { DemoSubmission } from '@/server/demo-canvas/model';

/**
 * Grades demo submissions in Canvas's state as a steady grader would: by how long each one is,
 * the shortest at `low` points and the longest at `high`. For tests of what her earlier grades
 * predict (the drift note).
 */
export function gradeByLength(submissions: DemoSubmission[], low: number, high: number): void {
  const lengths = submissions.map(
    (submission) =>
      (submission.body ?? '')
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length,
  );
  const [shortest, longest] = [Math.min(...lengths), Math.max(...lengths)];
  submissions.forEach((submission, index) => {
    const score = Math.round(low + ((high - low) * (lengths[index]! - shortest)) / Math.max(1, longest - shortest));
    Object.assign(submission, {
      workflowState: 'graded',
      score,
      grade: String(score),
      gradedAt: new Date().toISOString(),
      gradeMatchesCurrentSubmission: true,
    });
  });
}
