import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignmentGradingRoutes } from './assignments/routes';
import { discussionGradingRoutes } from './discussions/routes';
import type { GradingPluginOptions } from './kernel/grading-dependencies';
import { commentBankRoutes } from './comment-bank-routes';
import { gradingPreferencesRoutes } from './preferences-routes';
import { quizGradingRoutes } from './quizzes/routes';

/**
 * Grading, under /api/grading: the assignment, discussion and quiz screens, each given what
 * grading uses (GradingDependencies) and nothing else. The composition root builds the draft store
 * once; the draft purge is a scheduled job (src/server/jobs).
 */
export const gradingRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (app, { dependencies }) => {
  await app.register(assignmentGradingRoutes, {
    prefix: '/courses/:courseId/assignments/:assignmentId',
    dependencies,
  });
  await app.register(discussionGradingRoutes, { prefix: '/courses/:courseId/discussions/:discussionId', dependencies });
  await app.register(quizGradingRoutes, { prefix: '/courses/:courseId/quizzes/:quizId', dependencies });
  await app.register(gradingPreferencesRoutes, { prefix: '/preferences', dependencies });
  await app.register(commentBankRoutes, { prefix: '/comment-bank', dependencies });
};
