import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInstitutionSchema,
  institutionLtiSettingsSchema,
  institutionMembersSchema,
  institutionSettingsSchema,
  institutionViewSchema,
} from '@/shared/schemas/institutions';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import {
  redeemInstitutionInvitation,
  getInstitution,
  listInstitutionMembers,
  updateInstitutionLti,
  updateInstitutionSettings,
  type InstitutionDeps,
} from './manage-institution';

export type InstitutionRoutesOptions = { authenticate: Authenticate; institutions: InstitutionDeps };

/** Institution accounts; every route checks the caller's role on the server (see manage-institution.ts). */
export const institutionRoutes: FastifyPluginAsyncZod<InstitutionRoutesOptions> = async (app, options) => {
  const deps = options.institutions;
  app.addHook('onRequest', options.authenticate);

  app.post(
    '/',
    { schema: { body: createInstitutionSchema, response: { 201: institutionViewSchema } } },
    async (request, reply) =>
      reply.status(201).send(await redeemInstitutionInvitation(deps, currentUser(request), request.body.code)),
  );

  app.get('/current', { schema: { response: { 200: institutionViewSchema } } }, async (request) =>
    getInstitution(deps, currentUser(request).id),
  );

  app.put(
    '/current/settings',
    { schema: { body: institutionSettingsSchema, response: { 200: institutionViewSchema } } },
    async (request) => updateInstitutionSettings(deps, currentUser(request).id, request.body),
  );

  app.put(
    '/current/lti',
    { schema: { body: institutionLtiSettingsSchema, response: { 200: institutionViewSchema } } },
    async (request) => updateInstitutionLti(deps, currentUser(request).id, request.body),
  );

  app.get('/current/members', { schema: { response: { 200: institutionMembersSchema } } }, async (request) =>
    listInstitutionMembers(deps, currentUser(request).id),
  );
};
