import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canvasConnectionSchema, canvasCredentialsSchema, connectionTestResultSchema } from '@/shared/schemas/canvas';
import { consumeRateLimit } from '@/server/core/rate-limit';
import type { Database } from '@/server/db/connection';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import type { ProfileStore } from '@/server/modules/profile/profile-store';
import type { CanvasAccess } from './canvas-access';
import { disconnectCanvas, getCanvasConnection, saveCanvasConnection, testCanvasConnection } from './connect-canvas';

/** Connection tests make the server call an address the teacher typed: keep them few. */
const CONNECTION_TEST_LIMIT = { limit: 30, windowSeconds: 10 * 60 };

export type CanvasRoutesOptions = {
  db: Database;
  authenticate: Authenticate;
  canvas: CanvasAccess;
  profiles: ProfileStore;
  audit: AuditWriter;
};

export const canvasRoutes: FastifyPluginAsyncZod<CanvasRoutesOptions> = async (app, options) => {
  const deps = { access: options.canvas, profiles: options.profiles, audit: options.audit };
  app.addHook('onRequest', options.authenticate);

  const limitTests = (userId: string) =>
    consumeRateLimit(
      options.db,
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
