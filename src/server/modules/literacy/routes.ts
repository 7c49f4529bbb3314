import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revisionRequestSchema, revisionResultSchema } from '@/shared/schemas/ai';
import {
  integrationToolResponseSchema,
  mailingListReceiptSchema,
  mailingListSignupSchema,
} from '@/shared/schemas/literacy';
import type { AppContext } from '@/server/app-context';
import { createMailingListStore } from './mailing-list-store';
import { proposeIntegration, type GenerationDeps } from './propose-integration';
import {
  INTEGRATION_JSON_BODY_LIMIT_BYTES,
  INTEGRATION_UPLOAD_LIMITS,
  readIntegrationRequest,
} from './read-integration-request';
import { reviseAssignment } from './revise-assignment';
import { signUpForList, type SignupDeps } from './sign-up-for-list';

/** Public AI-literacy endpoints: mailing lists, integration suggestions, revised assignments. */
export const literacyRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const signupDeps: SignupDeps = {
    db: context.db,
    store: createMailingListStore(context.db),
    mailer: context.mailer,
    log: context.log,
    publicUrl: context.config.publicUrl,
    supportEmail: context.config.mail.supportEmail,
    trackBackgroundWork: context.trackBackgroundWork,
  };
  const generationDeps: GenerationDeps = { db: context.db, ai: context.ai };

  app.post(
    '/signups',
    { schema: { body: mailingListSignupSchema, response: { 201: mailingListReceiptSchema } } },
    async (request, reply) => {
      await signUpForList(signupDeps, request.body, request.ip);
      return reply.status(201).send({ received: true });
    },
  );

  // The file comes as a multipart upload (never base64 inside JSON), accepted by this route only.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, { limits: INTEGRATION_UPLOAD_LIMITS, throwFileSizeLimit: true });
    upload.post(
      '/integrations',
      { bodyLimit: INTEGRATION_JSON_BODY_LIMIT_BYTES, schema: { response: { 200: integrationToolResponseSchema } } },
      async (request) => proposeIntegration(generationDeps, await readIntegrationRequest(request), request.ip),
    );
  });

  app.post(
    '/revisions',
    { schema: { body: revisionRequestSchema, response: { 200: revisionResultSchema } } },
    async (request) => reviseAssignment(generationDeps, request.body, request.ip),
  );
};
