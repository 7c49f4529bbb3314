import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '@/server/app-context';
import { assignmentGradingRoutes } from './assignments/routes';
import { discussionGradingRoutes } from './discussions/routes';
import type { GradingKernel } from './kernel/grading-kernel';
import { quizGradingRoutes } from './quizzes/routes';

/**
 * Grading, under /api/grading: one draft store (one table, one key) shared by the assignment,
 * discussion and quiz screens. The composition root builds the store once; the draft purge is a
 * scheduled job (src/server/jobs).
 */
export const gradingRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const kernel: GradingKernel = { drafts: context.drafts, usage: context.usage };

  await app.register(assignmentGradingRoutes, {
    prefix: '/courses/:courseId/assignments/:assignmentId',
    context,
    kernel,
  });
  await app.register(discussionGradingRoutes, {
    prefix: '/courses/:courseId/discussions/:discussionId',
    context,
    kernel,
  });
  await app.register(quizGradingRoutes, { prefix: '/courses/:courseId/quizzes/:quizId', context, kernel });
};
