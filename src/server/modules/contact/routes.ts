import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, contactReceiptSchema, institutionalInquirySchema } from '@/shared/schemas/contact';
import { submitContactMessage, type ContactDeps } from './submit-contact-message';
import { submitInstitutionalInquiry } from './submit-institutional-inquiry';
import { clientAddressOf } from '@/server/core/client-address';

/** What the contact forms use: their use cases' dependencies, built in the composition root. */
export type ContactRoutesOptions = ContactDeps;

/** Public forms: the contact and support form, and the institutional pricing inquiry. */
export const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (app, deps) => {
  app.post(
    '/messages',
    { schema: { body: contactMessageSchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      await submitContactMessage(deps, request.body, clientAddressOf(request));
      return reply.status(201).send({ received: true });
    },
  );

  app.post(
    '/inquiries',
    { schema: { body: institutionalInquirySchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      await submitInstitutionalInquiry(deps, request.body, clientAddressOf(request));
      return reply.status(201).send({ received: true });
    },
  );
};
