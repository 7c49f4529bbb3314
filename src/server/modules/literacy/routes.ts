import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { revisionRequestSchema, revisionResultSchema } from '@/shared/schemas/ai';
import {
  integrationToolRequestSchema,
  integrationToolResponseSchema,
  mailingListReceiptSchema,
  mailingListSignupSchema,
} from '@/shared/schemas/literacy';
import type { AppContext } from '@/server/app-context';
import { createMailingListStore } from './mailing-list-store';
import { proposeIntegration, type GenerationDeps } from './propose-integration';
import { reviseAssignment } from './revise-assignment';
import { signUpForList, type SignupDeps } from './sign-up-for-list';

/**
 * Room for a 5 MB file as base64 (about 6.7 MB) plus the form's text. Only the integration route
 * takes this much; everything else keeps the app's 1 MB limit.
 */
export const INTEGRATION_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

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

  app.post(
    '/integrations',
    {
      bodyLimit: INTEGRATION_BODY_LIMIT_BYTES,
      schema: { body: integrationToolRequestSchema, response: { 200: integrationToolResponseSchema } },
    },
    async (request) => proposeIntegration(generationDeps, request.body, request.ip),
  );

  app.post(
    '/revisions',
    { schema: { body: revisionRequestSchema, response: { 200: revisionResultSchema } } },
    async (request) => reviseAssignment(generationDeps, request.body, request.ip),
  );
};
