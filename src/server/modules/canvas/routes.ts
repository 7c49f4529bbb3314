import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  canvasAuthorizeStartSchema,
  canvasConnectionSchema,
  canvasConnectOptionsSchema,
  canvasCredentialsSchema,
  canvasOAuthCallbackSchema,
  connectionTestResultSchema,
} from '@/shared/schemas/canvas';
import { consumeRateLimit } from '@/server/core/rate-limit';
import type { Database } from '@/server/db/connection';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import type { InstitutionStore } from '@/server/modules/institutions/institution-store';
import type { ProfileStore } from '@/server/modules/profile/profile-store';
import type { CanvasAccess } from './canvas-access';
import type { CanvasTokenStore } from './canvas-token-store';
import {
  assertPersonalTokensAllowed,
  disconnectCanvas,
  getCanvasConnection,
  saveCanvasConnection,
  testCanvasConnection,
} from './connect-canvas';
import { canvasConnectOptions, completeCanvasAuthorization, startCanvasAuthorization } from './connect-with-canvas';

/** Connection tests make the server call an address the teacher typed: keep them few. */
const CONNECTION_TEST_LIMIT = { limit: 30, windowSeconds: 10 * 60 };

export type CanvasRoutesOptions = {
  db: Database;
  authenticate: Authenticate;
  canvas: CanvasAccess;
  profiles: ProfileStore;
  tokens: CanvasTokenStore;
  institutions: InstitutionStore;
  audit: AuditWriter;
  publicUrl: string;
};

export const canvasRoutes: FastifyPluginAsyncZod<CanvasRoutesOptions> = async (app, options) => {
  const deps = {
    access: options.canvas,
    profiles: options.profiles,
    tokens: options.tokens,
    audit: options.audit,
    publicUrl: options.publicUrl,
  };
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
      const { id } = currentUser(request);
      await assertPersonalTokensAllowed(options.institutions, id);
      await limitTests(id);
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
      await assertPersonalTokensAllowed(options.institutions, id);
      await limitTests(id);
      return saveCanvasConnection(deps, id, request.body);
    },
  );

  app.delete('/connection', async (request, reply) => {
    await disconnectCanvas({ ...deps, log: request.log }, currentUser(request).id);
    return reply.status(204).send();
  });

  /** Whether the setup page offers Connect with Canvas, with whose key and for which Canvas (never the key). */
  app.get('/connect-options', { schema: { response: { 200: canvasConnectOptionsSchema } } }, async (request) =>
    canvasConnectOptions({ access: deps.access, institutions: options.institutions }, currentUser(request).id),
  );

  /** Connect with Canvas, step 1: the authorize address with a state bound to this sign-in. */
  app.post('/oauth/start', { schema: { response: { 200: canvasAuthorizeStartSchema } } }, async (request) => {
    const { id, sessionId } = currentUser(request);
    await limitTests(id);
    return startCanvasAuthorization(deps, { userId: id, sessionId });
  });

  /** Step 3: what Canvas sent back to the callback page, exchanged here for the tokens. */
  app.post(
    '/oauth/complete',
    { schema: { body: canvasOAuthCallbackSchema, response: { 200: canvasConnectionSchema } } },
    async (request) => {
      const { id, sessionId } = currentUser(request);
      return completeCanvasAuthorization(deps, { userId: id, sessionId }, request.body);
    },
  );
};
