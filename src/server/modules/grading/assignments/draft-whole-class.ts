import type { FastifyBaseLogger } from 'fastify';
import type { GradingOptions } from '@/shared/schemas/ai';
import type { DraftJob } from '@/shared/schemas/grading';
import type { CanvasAssignment, CanvasSubmission } from '@/server/adapters/canvas';
import type { GradeDrafter } from '../kernel/drafter-port';
import type { CanvasAccess } from '@/server/modules/canvas/canvas-access';
import type { ClassDraftTask } from '../kernel/class-draft-queue';
import { countModelCalls } from '@/server/adapters/ai';
import type { Database } from '@/server/db/connection';
import { consumeRunAllowance, countExtraModelCalls } from '../kernel/draft-rate-limit';
import { draftScope } from '../kernel/draft-scope';
import { withRememberedChoices } from '../kernel/grading-choices';
import type { DraftStore } from '../kernel/draft-store';
import type { GradingDependencies } from '../kernel/grading-dependencies';
import { draftFeedback } from './draft-feedback';
import { anonymousClassmates } from '../kernel/anonymous-participants';
import type { RosterMember } from '../kernel/redaction';
import { AppError } from '@/server/core/app-error';

/** The job queue (src/server/jobs) implements the run's port. */
export type { ClassDraftQueue, ClassDraftTask } from '../kernel/class-draft-queue';

/** Drafts at once per instance: enough to hide model latency, few enough to respect provider limits. */
export const WHOLE_CLASS_CONCURRENCY = 8;

/** Students whose work is in and not yet graded; an excused student has nothing to grade. */
export function studentsToDraft(submissions: CanvasSubmission[]): CanvasSubmission[] {
  return submissions.filter(
    (submission) =>
      !submission.excused &&
      (submission.submittedAt !== null ||
        submission.workflowState === 'submitted' ||
        submission.workflowState === 'pending_review') &&
      (submission.workflowState !== 'graded' || !submission.gradeMatchesCurrentSubmission),
  );
}

/**
 * Starts drafting the whole class and returns at once with the run's progress record: one job per
 * student in the queue, so any instance drafts them and a restart loses none. Starting again while
 * a run is in progress returns that run. The allowance counts one per student drafted, not one per
 * run, and a run starts whenever the allowance has room (decision 028).
 */
export async function startWholeClassDraft(
  deps: Pick<GradingDependencies, 'db' | 'drafts' | 'canvas' | 'classDrafts'>,
  userId: string,
  target: { courseId: number; assignmentId: number },
  options: GradingOptions,
): Promise<DraftJob> {
  const scope = draftScope({ kind: 'assignment', ...target });
  const running = await deps.drafts.runningJob(userId, scope);
  if (running) return running;
  // The rubric switch as she last left it on this screen (decision 066).
  const runOptions = await withRememberedChoices(deps.db, userId, scope, options);
  const { client } = await deps.canvas.clientFor(userId);
  const students = studentsToDraft(await client.listSubmissions(target.courseId, target.assignmentId));
  const { job, created } = await deps.drafts.startJob(userId, scope, students.length);
  if (!created || students.length === 0) return job;
  try {
    await consumeRunAllowance(deps.db, userId, students.length);
    await deps.classDrafts.enqueue(
      students.map((submission) => ({
        runId: job.id,
        userId,
        ...target,
        studentId: submission.userId,
        options: runOptions,
      })),
    );
  } catch (error) {
    await deps.drafts.withdrawJob(job.id);
    throw error;
  }
  return job;
}

type ClassRead = {
  client: TeacherCanvasClient;
  assignment: CanvasAssignment;
  submissions: CanvasSubmission[];
  classmates?: RosterMember[];
};
type TeacherCanvasClient = Awaited<ReturnType<CanvasAccess['clientFor']>>['client'];

/**
 * Reads a run's assignment and class from Canvas once per instance and run (every student's draft
 * needs the class), kept for `ttlMs`; a failed read is not kept. Every draft of the run gets the
 * same list, so the class is prepared (roster redactor, redacted class work) once for all of them.
 */
export function createClassReader(canvas: CanvasAccess, ttlMs = 2 * 60 * 1000) {
  const reads = new Map<string, { at: number; read: Promise<ClassRead> }>();
  return (task: ClassDraftTask): Promise<ClassRead> => {
    const now = Date.now();
    for (const [key, entry] of reads) if (now - entry.at > ttlMs) reads.delete(key);
    const cached = reads.get(task.runId);
    if (cached) return cached.read;
    const read = (async () => {
      const { client } = await canvas.clientFor(task.userId);
      const [assignment, submissions] = await Promise.all([
        client.getAssignment(task.courseId, task.assignmentId),
        client.listSubmissions(task.courseId, task.assignmentId),
      ]);
      return { client, assignment, submissions, classmates: await anonymousClassmates(client, assignment) };
    })();
    reads.set(task.runId, { at: now, read });
    read.catch(() => reads.delete(task.runId));
    return read;
  };
}

/** What the teacher reads on the run when a student's draft failed for a reason not her own. */
export const CLASS_DRAFT_FAILED_REASON = 'Some drafts could not be made. Draft those students one at a time.';

/**
 * Drafts one student of a run (one job): the draft is stored as soon as it is ready (the teacher
 * sees it while grading others), and the outcome is counted in the run at once, so its progress
 * moves with every draft. A student whose draft fails is counted as failed with the reason the
 * teacher reads; a Canvas that cannot be read throws, so the queue tries the job again. A draft
 * stopped through `signal` (over its time budget) is neither stored nor counted here.
 */
export async function draftClassStudent(
  deps: {
    db: Database;
    /** The teacher's drafter: her institution's model when it supplies one (decision 063). */
    drafterFor: (teacherId: string) => Promise<GradeDrafter>;
    readClass: (task: ClassDraftTask) => Promise<ClassRead>;
    drafts: DraftStore;
    log: FastifyBaseLogger;
  },
  task: ClassDraftTask,
  signal?: AbortSignal,
): Promise<void> {
  const { client, assignment, submissions, classmates } = await deps.readClass(task);
  if (signal?.aborted) return;
  try {
    const submission = submissions.find((candidate) => candidate.userId === task.studentId);
    if (!submission) throw new AppError('NOT_FOUND', "A student's submission is no longer in Canvas.");
    const engine = await deps.drafterFor(task.userId);
    const { value: draft, calls } = await countModelCalls(() =>
      draftFeedback({
        engine,
        client,
        assignment,
        submission,
        classSubmissions: submissions,
        classmates,
        options: task.options,
      }),
    );
    // The run counted one per student; calibration's extra calls count as they are made.
    await countExtraModelCalls(deps.db, task.userId, calls);
    if (signal?.aborted) return;
    const scope = draftScope({ kind: 'assignment', courseId: task.courseId, assignmentId: task.assignmentId });
    await deps.drafts.save(task.userId, scope, task.studentId, draft);
    await deps.drafts.recordJobProgress(task.runId, task.studentId, 'completed');
  } catch (error) {
    if (signal?.aborted) return;
    deps.log.warn({ err: error, runId: task.runId, studentId: task.studentId }, 'class draft failed for one student');
    const reason = error instanceof AppError ? error.userMessage : CLASS_DRAFT_FAILED_REASON;
    await deps.drafts.recordJobProgress(task.runId, task.studentId, 'failed', reason);
  }
}
