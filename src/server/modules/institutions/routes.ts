import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInstitutionSchema,
  domainJoinSchema,
  institutionAuditSchema,
  institutionLtiSettingsSchema,
  institutionMembersSchema,
  institutionSettingsSchema,
  institutionViewSchema,
  invitationParamsSchema,
  invitationSchema,
  invitationsSchema,
  inviteTeacherSchema,
  joinInstitutionSchema,
  memberParamsSchema,
} from '@/shared/schemas/institutions';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import {
  redeemInstitutionInvitation,
  getInstitution,
  listInstitutionMembers,
  readInstitutionAudit,
  updateInstitutionLti,
  updateInstitutionSettings,
  type InstitutionDeps,
} from './manage-institution';
import {
  inviteTeacher,
  joinInstitution,
  listInvitations,
  removeTeacher,
  requestDomainJoin,
  resendInvitation,
  revokeInvitation,
} from './manage-teachers';

export type InstitutionRoutesOptions = { authenticate: Authenticate; institutions: InstitutionDeps };

const ok = z.object({ ok: z.literal(true) });

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

  app.post(
    '/join',
    { schema: { body: joinInstitutionSchema, response: { 200: z.object({ institutionName: z.string() }) } } },
    async (request) => joinInstitution(deps, currentUser(request), request.body.token),
  );

  app.post('/domain-join', { schema: { response: { 200: domainJoinSchema } } }, async (request) =>
    requestDomainJoin(deps, currentUser(request)),
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

  app.delete(
    '/current/members/:userId',
    { schema: { params: memberParamsSchema, response: { 200: ok } } },
    async (request) => removeTeacher(deps, currentUser(request).id, request.params.userId),
  );

  app.get('/current/invitations', { schema: { response: { 200: invitationsSchema } } }, async (request) =>
    listInvitations(deps, currentUser(request).id),
  );

  app.post(
    '/current/invitations',
    { schema: { body: inviteTeacherSchema, response: { 201: invitationSchema } } },
    async (request, reply) =>
      reply.status(201).send(await inviteTeacher(deps, currentUser(request).id, request.body.email)),
  );

  app.post(
    '/current/invitations/:invitationId/resend',
    { schema: { params: invitationParamsSchema, response: { 200: invitationSchema } } },
    async (request) => resendInvitation(deps, currentUser(request).id, request.params.invitationId),
  );

  app.delete(
    '/current/invitations/:invitationId',
    { schema: { params: invitationParamsSchema, response: { 200: ok } } },
    async (request) => revokeInvitation(deps, currentUser(request).id, request.params.invitationId),
  );

  app.get('/current/audit', { schema: { response: { 200: institutionAuditSchema } } }, async (request) =>
    readInstitutionAudit(deps, currentUser(request).id),
  );
};
