import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deriveKey } from '@/server/core/crypto';
import type { AppContext } from '@/server/app-context';
import { createUsageStore } from '@/server/modules/usage/usage-store';
import { assignmentGradingRoutes } from './assignments/routes';
import { discussionGradingRoutes } from './discussions/routes';
import { createDraftStore } from './kernel/draft-store';
import type { GradingKernel } from './kernel/grading-kernel';
import { quizGradingRoutes } from './quizzes/routes';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Grading, under /api/grading: one draft store (one table, one key, one purge timer) shared by the
 * assignment, discussion and quiz screens.
 */
export const gradingRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const kernel: GradingKernel = {
    drafts: createDraftStore(context.db, deriveKey(context.config.appSecret, 'drafts')),
    usage: createUsageStore(context.db),
  };

  // Drafts older than 24 hours are deleted, not just hidden.
  const purge = setInterval(() => {
    kernel.drafts.deleteExpired().catch((error: unknown) => context.log.error({ err: error }, 'deleting expired drafts failed'));
  }, PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  await app.register(assignmentGradingRoutes, { prefix: '/courses/:courseId/assignments/:assignmentId', context, kernel });
  await app.register(discussionGradingRoutes, { prefix: '/courses/:courseId/discussions/:discussionId', context, kernel });
  await app.register(quizGradingRoutes, { prefix: '/courses/:courseId/quizzes/:quizId', context, kernel });
};
