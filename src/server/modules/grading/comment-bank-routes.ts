import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bankedCommentSchema,
  commentBankListSchema,
  commentBankQuerySchema,
  commentIdParamsSchema,
  updateBankedCommentSchema,
} from '@/shared/schemas/comment-bank';
import { AppError } from '@/server/core/app-error';
import { currentUser } from '@/server/modules/auth/authenticate';
import { draftScope } from './kernel/draft-scope';
import type { GradingPluginOptions } from './kernel/grading-dependencies';

const NOT_FOUND = 'That comment is no longer in your comment bank.';

/**
 * The teacher's comment bank, under /api/grading/comment-bank (decision 061): the comments she
 * kept on one assignment, and pinning, editing and deleting them. Comments are kept by the save.
 */
export const commentBankRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (app, { dependencies: deps }) => {
  app.addHook('onRequest', deps.authenticate);

  app.get(
    '/',
    { schema: { querystring: commentBankQuerySchema, response: { 200: commentBankListSchema } } },
    async (request) => {
      const scope = draftScope({ kind: 'assignment', ...request.query });
      return { comments: await deps.commentBank.list(currentUser(request).id, scope) };
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        params: commentIdParamsSchema,
        body: updateBankedCommentSchema,
        response: { 200: bankedCommentSchema },
      },
    },
    async (request) => {
      const { text, pinned } = request.body;
      const updated = await deps.commentBank.update(currentUser(request).id, request.params.id, {
        ...(text !== undefined ? { text } : {}),
        ...(pinned !== undefined ? { pinned } : {}),
      });
      if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
      return updated;
    },
  );

  app.delete('/:id', { schema: { params: commentIdParamsSchema } }, async (request, reply) => {
    if (!(await deps.commentBank.remove(currentUser(request).id, request.params.id)))
      throw new AppError('NOT_FOUND', NOT_FOUND);
    return reply.status(204).send();
  });
};
