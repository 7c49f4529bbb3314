import { z } from 'zod';
import { gradingOptionsSchema } from '@/shared/schemas/ai';
import type { ClassDraftTask } from '@/server/modules/grading/kernel/class-draft-queue';
import { defineJob } from './define-job';

/**
 * One student of a whole-class run (kernel/class-draft-queue.ts is the port the assignment
 * variant sees). Version 1 is the payload queued before jobs carried a version: the same fields,
 * with options that were never checked; version 2 checks them, and an option a version 1 payload
 * lacks takes the default the request schema gives it.
 */
export const classDraftJob = defineJob<ClassDraftTask>({
  name: 'class-draft',
  version: 2,
  schema: z.object({
    runId: z.uuid(),
    userId: z.uuid(),
    courseId: z.number().int().positive(),
    assignmentId: z.number().int().positive(),
    studentId: z.number().int(),
    options: gradingOptionsSchema,
  }) satisfies z.ZodType<ClassDraftTask>,
  upgrades: {
    1: (payload) => ({ ...payload, options: z.looseObject({}).catch({}).parse(payload.options) }),
  },
});

/** Students whose job failed every try (their server died each time): counted failed with a reason. */
export const classDraftAbandonedQueue = 'class-draft-abandoned';
