import type { GradingOptions } from '@/shared/schemas/ai';

/** One student of a whole-class run: a durable job any instance may pick up. */
export type ClassDraftTask = {
  runId: string;
  userId: string;
  courseId: number;
  assignmentId: number;
  studentId: number;
  options: GradingOptions;
};

/** Where a run's students go (the job queue, src/server/jobs, implements it). */
export type ClassDraftQueue = { enqueue(tasks: ClassDraftTask[]): Promise<void> };
