import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canvasConnectionSchema, canvasCredentialsSchema, connectionTestResultSchema } from '@/shared/schemas/canvas';
import type { AppContext } from '@/server/app-context';
import { consumeRateLimit } from '@/server/core/rate-limit';
import { currentUser } from '@/server/modules/auth/authenticate';
import { disconnectCanvas, getCanvasConnection, saveCanvasConnection, testCanvasConnection } from './connect-canvas';

/** Connection tests make the server call an address the teacher typed: keep them few. */
const CONNECTION_TEST_LIMIT = { limit: 30, windowSeconds: 10 * 60 };

export const canvasRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const deps = { access: context.canvas, profiles: context.profiles, audit: context.audit };
  app.addHook('onRequest', context.authenticate);

  const limitTests = (userId: string) =>
    consumeRateLimit(
      context.db,
      `canvas-test:${userId}`,
      CONNECTION_TEST_LIMIT,
      'Too many connection tests. Please wait a few minutes and try again.',
    );

  app.post(
    '/connection/test',
    { schema: { body: canvasCredentialsSchema, response: { 200: connectionTestResultSchema } } },
    async (request) => {
      await limitTests(currentUser(request).id);
      return { success: true as const, user: await testCanvasConnection(deps.access, request.body) };
    },
  );

  app.get('/connection', { schema: { response: { 200: canvasConnectionSchema } } }, async (request) =>
    getCanvasConnection(deps, currentUser(request).id),
  );

  app.put(
    '/connection',
    { schema: { body: canvasCredentialsSchema, response: { 200: canvasConnectionSchema } } },
    async (request) => {
      const { id } = currentUser(request);
      await limitTests(id);
      return saveCanvasConnection(deps, id, request.body);
    },
  );

  app.delete('/connection', async (request, reply) => {
    await disconnectCanvas(deps, currentUser(request).id);
    return reply.status(204).send();
  });
};
