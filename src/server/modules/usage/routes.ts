import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageSummarySchema } from '@/shared/schemas/usage';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import { getUsageSummary } from './get-usage-summary';
import type { UsageStore } from './usage-store';

export type UsageRoutesOptions = { authenticate: Authenticate; usage: UsageStore };

export const usageRoutes: FastifyPluginAsyncZod<UsageRoutesOptions> = async (app, { authenticate, usage: store }) => {
  app.addHook('onRequest', authenticate);
  app.get('/', { schema: { response: { 200: usageSummarySchema } } }, async (request) => {
    const { summary } = await getUsageSummary(store, currentUser(request).id);
    return summary;
  });
};
