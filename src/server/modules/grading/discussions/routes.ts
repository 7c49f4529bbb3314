import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  discussionGradingViewSchema,
  discussionRouteParamsSchema,
  discussionStudentParamsSchema,
  saveDiscussionGradeRequestSchema,
  saveDiscussionGradeResponseSchema,
  undoDiscussionGradeResponseSchema,
} from '@/shared/schemas/discussion-grading';
import { draftRequestSchema, draftResponseSchema, storedDraftsSchema } from '@/shared/schemas/grading';
import { currentUser } from '@/server/modules/auth/authenticate';
import type { GradingPluginOptions } from '../kernel/grading-dependencies';
import { listStoredDrafts } from '../kernel/list-stored-drafts';
import { draftDiscussionStudent } from './draft-discussion-feedback';
import { loadDiscussionView } from './load-discussion';
import { saveDiscussionGrade } from './save-discussion-grade';
import { undoDiscussionGrade } from './undo-discussion-grade';

/** Discussion grading, under /api/grading/courses/:courseId/discussions/:discussionId. */
export const discussionGradingRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (
  app,
  { dependencies: deps },
) => {
  app.addHook('onRequest', deps.authenticate);

  app.get(
    '/',
    { schema: { params: discussionRouteParamsSchema, response: { 200: discussionGradingViewSchema } } },
    async (request) => {
      const { courseId, discussionId } = request.params;
      return loadDiscussionView(deps.canvas, currentUser(request).id, { courseId, topicId: discussionId });
    },
  );

  app.get(
    '/drafts',
    { schema: { params: discussionRouteParamsSchema, response: { 200: storedDraftsSchema } } },
    async (request) => {
      const { courseId, discussionId } = request.params;
      return listStoredDrafts(deps.drafts, currentUser(request).id, {
        kind: 'discussion',
        courseId,
        topicId: discussionId,
      });
    },
  );

  app.post(
    '/drafts',
    {
      schema: { params: discussionRouteParamsSchema, body: draftRequestSchema, response: { 200: draftResponseSchema } },
    },
    async (request) => {
      const { courseId, discussionId } = request.params;
      const target = { courseId, topicId: discussionId, userId: request.body.userId };
      return draftDiscussionStudent(deps, currentUser(request).id, target, request.body.options);
    },
  );

  app.put(
    '/grades/:userId',
    {
      schema: {
        params: discussionStudentParamsSchema,
        body: saveDiscussionGradeRequestSchema,
        response: { 200: saveDiscussionGradeResponseSchema },
      },
    },
    async (request) => {
      const { courseId, discussionId, userId } = request.params;
      const target = { courseId, topicId: discussionId, userId };
      return saveDiscussionGrade(deps, currentUser(request), target, request.body);
    },
  );

  app.post(
    '/grades/:userId/undo',
    { schema: { params: discussionStudentParamsSchema, response: { 200: undoDiscussionGradeResponseSchema } } },
    async (request) => {
      const { courseId, discussionId, userId } = request.params;
      return undoDiscussionGrade(deps, currentUser(request), { courseId, topicId: discussionId, userId });
    },
  );
};
