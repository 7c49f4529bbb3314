import type { FastifyBaseLogger } from 'fastify';
import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftJob } from '@/shared/schemas/grading';
import type { CanvasAssignment, CanvasClient, CanvasSubmission } from '@/server/adapters/canvas';
import type { AiEngine } from '@/server/adapters/ai';
import { draftFeedback } from './draft-feedback';
import type { DraftStore } from '../kernel/draft-store';

/** Drafts at once per run: enough to hide model latency, few enough to respect provider limits. */
export const WHOLE_CLASS_CONCURRENCY = 8;

/** Students whose work is in and not yet graded. */
export function studentsToDraft(submissions: CanvasSubmission[]): CanvasSubmission[] {
  return submissions.filter(
    (submission) =>
      (submission.submittedAt !== null || submission.workflowState === 'submitted' || submission.workflowState === 'pending_review') &&
      (submission.workflowState !== 'graded' || !submission.gradeMatchesCurrentSubmission),
  );
}

/**
 * Starts drafting the whole class in the background and returns at once with the run's progress
 * record. Each draft is stored as soon as it is ready, so the teacher sees it while grading others.
 */
export async function draftWholeClass(deps: {
  engine: AiEngine;
  client: CanvasClient;
  store: DraftStore;
  log: FastifyBaseLogger;
  userId: string;
  scope: string;
  assignment: CanvasAssignment;
  submissions: CanvasSubmission[];
  options: GradingOptions;
}): Promise<{ job: DraftJob; done: Promise<void> }> {
  const queue = studentsToDraft(deps.submissions);
  const job = await deps.store.createJob(deps.userId, deps.scope, queue.length);

  async function worker() {
    for (let submission = queue.shift(); submission; submission = queue.shift()) {
      try {
        const draft = await draftFeedback({
          engine: deps.engine,
          client: deps.client,
          assignment: deps.assignment,
          submission,
          classSubmissions: deps.submissions,
          options: deps.options,
        });
        await deps.store.save(deps.userId, deps.scope, submission.userId, draft);
        await deps.store.recordJobProgress(job.id, 'completed');
      } catch (error) {
        deps.log.warn({ err: error, jobId: job.id, studentId: submission.userId }, 'class draft failed for one student');
        await deps.store.recordJobProgress(job.id, 'failed').catch(() => undefined);
      }
    }
  }

  const done = Promise.all(Array.from({ length: Math.min(WHOLE_CLASS_CONCURRENCY, queue.length) }, worker))
    .then(() => deps.store.finishJob(job.id))
    .catch((error: unknown) => deps.log.error({ err: error, jobId: job.id }, 'class draft run failed'));
  return { job, done };
}
