import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billingRedirectSchema,
  changeTestPlanRequestSchema,
  createCheckoutRequestSchema,
  planChangePreviewSchema,
  planChangeQuerySchema,
  returnToRequestSchema,
  subscriptionStatusSchema,
  testCheckoutOutcomeSchema,
  testCheckoutParamsSchema,
  testCheckoutSchema,
} from '@/shared/schemas/billing';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import type { BillingDeps } from './billing-deps';
import { cancelTestSubscription, changeTestPlan, resumeTestSubscription } from './change-test-subscription';
import { cancelTestCheckout, completeTestCheckout, getTestCheckout } from './complete-test-checkout';
import { getSubscriptionStatus } from './get-subscription-status';
import { openCustomerPortal } from './open-customer-portal';
import { previewPlanChange } from './preview-plan-change';
import { receiveWebhook } from './receive-webhook';
import { startPlanCheckout, startSubmissionPurchase } from './start-checkout';

/** Bodies that only say where to come back to may also be left out (spec §7: "payload none"). */
const optionalReturnTo = returnToRequestSchema.nullish();

export type BillingRoutesOptions = {
  authenticate: Authenticate;
  /** The provider the composition root chose (Stripe, the local test mode, or none) and the stores. */
  billing: BillingDeps;
};

/**
 * Plans, extra packs, the customer portal and payment events, under /api/billing: Stripe's webhook
 * when the provider reads webhooks, the local test mode's pages when it is the local one.
 */
export const billingRoutes: FastifyPluginAsyncZod<BillingRoutesOptions> = async (
  app,
  { authenticate, billing: deps },
) => {
  if (deps.provider?.readWebhook) await app.register(stripeWebhookRoutes, { deps });
  await app.register(teacherBillingRoutes, { authenticate, deps });
  if (deps.provider?.kind === 'local') await app.register(testModeRoutes, { prefix: '/test-mode', authenticate, deps });
};

/** Stripe needs the exact bytes it signed, so this scope (and only this one) keeps JSON bodies raw. */
const stripeWebhookRoutes: FastifyPluginAsyncZod<{ deps: BillingDeps }> = async (app, { deps }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post(
    '/webhook',
    { schema: { response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) } } },
    async (request) => receiveWebhook(deps, request.body, request.headers['stripe-signature']),
  );
};

type ScopeOptions = { authenticate: Authenticate; deps: BillingDeps };

const teacherBillingRoutes: FastifyPluginAsyncZod<ScopeOptions> = async (app, { authenticate, deps }) => {
  app.addHook('onRequest', authenticate);

  app.get('/subscription', { schema: { response: { 200: subscriptionStatusSchema } } }, async (request) =>
    getSubscriptionStatus(deps, currentUser(request).id),
  );

  app.post(
    '/checkout',
    { schema: { body: createCheckoutRequestSchema, response: { 200: billingRedirectSchema } } },
    async (request) => startPlanCheckout(deps, currentUser(request), request.body),
  );

  app.get(
    '/plan-change',
    { schema: { querystring: planChangeQuerySchema, response: { 200: planChangePreviewSchema } } },
    async (request) => previewPlanChange(deps, currentUser(request), request.query),
  );

  app.post(
    '/submission-purchase',
    { schema: { body: optionalReturnTo, response: { 200: billingRedirectSchema } } },
    async (request) => startSubmissionPurchase(deps, currentUser(request), request.body?.returnTo),
  );

  app.post(
    '/portal',
    { schema: { body: optionalReturnTo, response: { 200: billingRedirectSchema } } },
    async (request) => openCustomerPortal(deps, currentUser(request), request.body?.returnTo),
  );
};

/** The local test mode's checkout and portal pages; not registered when Stripe is configured. */
const testModeRoutes: FastifyPluginAsyncZod<ScopeOptions> = async (app, { authenticate, deps }) => {
  app.addHook('onRequest', authenticate);

  app.get(
    '/checkouts/:checkoutId',
    { schema: { params: testCheckoutParamsSchema, response: { 200: testCheckoutSchema } } },
    async (request) => getTestCheckout(deps, currentUser(request), request.params.checkoutId),
  );

  app.post(
    '/checkouts/:checkoutId/complete',
    { schema: { params: testCheckoutParamsSchema, response: { 200: testCheckoutOutcomeSchema } } },
    async (request) => completeTestCheckout(deps, currentUser(request), request.params.checkoutId),
  );

  app.post(
    '/checkouts/:checkoutId/cancel',
    { schema: { params: testCheckoutParamsSchema, response: { 200: testCheckoutOutcomeSchema } } },
    async (request) => cancelTestCheckout(deps, currentUser(request), request.params.checkoutId),
  );

  app.post(
    '/portal/plan',
    { schema: { body: changeTestPlanRequestSchema, response: { 200: subscriptionStatusSchema } } },
    async (request) => changeTestPlan(deps, currentUser(request), request.body),
  );

  app.post('/portal/cancel', { schema: { response: { 200: subscriptionStatusSchema } } }, async (request) =>
    cancelTestSubscription(deps, currentUser(request)),
  );

  app.post('/portal/resume', { schema: { response: { 200: subscriptionStatusSchema } } }, async (request) =>
    resumeTestSubscription(deps, currentUser(request)),
  );
};
