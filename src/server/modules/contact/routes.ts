import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactMessageSchema, contactReceiptSchema, institutionalInquirySchema } from '@/shared/schemas/contact';
import type { AppContext } from '@/server/app-context';
import { createContactStore } from './contact-store';
import { submitContactMessage, type ContactDeps } from './submit-contact-message';
import { submitInstitutionalInquiry } from './submit-institutional-inquiry';

/** Public forms: the contact and support form, and the institutional pricing inquiry. */
export const contactRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const deps: ContactDeps = {
    db: context.db,
    store: createContactStore(context.db),
    mailer: context.mailer,
    log: context.log,
    supportEmail: context.config.mail.supportEmail,
    trackBackgroundWork: context.trackBackgroundWork,
  };

  app.post(
    '/messages',
    { schema: { body: contactMessageSchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      await submitContactMessage(deps, request.body, request.ip);
      return reply.status(201).send({ received: true });
    },
  );

  app.post(
    '/inquiries',
    { schema: { body: institutionalInquirySchema, response: { 201: contactReceiptSchema } } },
    async (request, reply) => {
      await submitInstitutionalInquiry(deps, request.body, request.ip);
      return reply.status(201).send({ received: true });
    },
  );
};
