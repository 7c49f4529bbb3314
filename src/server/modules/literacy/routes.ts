import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revisionRequestSchema, revisionResultSchema } from '@/shared/schemas/ai';
import {
  integrationToolResponseSchema,
  mailingListReceiptSchema,
  mailingListSignupSchema,
} from '@/shared/schemas/literacy';
import { proposeIntegration, type GenerationDeps } from './propose-integration';
import {
  INTEGRATION_JSON_BODY_LIMIT_BYTES,
  INTEGRATION_UPLOAD_LIMITS,
  readIntegrationRequest,
} from './read-integration-request';
import { reviseAssignment } from './revise-assignment';
import { signUpForList, type SignupDeps } from './sign-up-for-list';
import { clientAddressOf } from '@/server/core/client-address';

/** Public AI-literacy endpoints: mailing lists, integration suggestions, revised assignments. */
export type LiteracyRoutesOptions = {
  /** The mailing-list sign-ups: their store, the outbox and the links the confirmation carries. */
  signups: SignupDeps;
  /** The DIVER tool and the revised assignment: the model, or null for the offline tool. */
  generation: GenerationDeps;
};

export const literacyRoutes: FastifyPluginAsyncZod<LiteracyRoutesOptions> = async (
  app,
  { signups: signupDeps, generation: generationDeps },
) => {
  app.post(
    '/signups',
    { schema: { body: mailingListSignupSchema, response: { 201: mailingListReceiptSchema } } },
    async (request, reply) => {
      await signUpForList(signupDeps, request.body, clientAddressOf(request));
      return reply.status(201).send({ received: true });
    },
  );

  // The file comes as a multipart upload (never base64 inside JSON), accepted by this route only.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, { limits: INTEGRATION_UPLOAD_LIMITS, throwFileSizeLimit: true });
    upload.post(
      '/integrations',
      { bodyLimit: INTEGRATION_JSON_BODY_LIMIT_BYTES, schema: { response: { 200: integrationToolResponseSchema } } },
      async (request) =>
        proposeIntegration(generationDeps, await readIntegrationRequest(request), clientAddressOf(request)),
    );
  });

  app.post(
    '/revisions',
    { schema: { body: revisionRequestSchema, response: { 200: revisionResultSchema } } },
    async (request) => reviseAssignment(generationDeps, request.body, clientAddressOf(request)),
  );
};
