import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageSummarySchema } from '@/shared/schemas/usage';
import type { AppContext } from '@/server/app-context';
import { currentUser } from '@/server/modules/auth/authenticate';
import { getUsageSummary } from './get-usage-summary';

export const usageRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const store = context.usage;
  app.addHook('onRequest', context.authenticate);
  app.get('/', { schema: { response: { 200: usageSummarySchema } } }, async (request) => {
    const { summary } = await getUsageSummary(store, currentUser(request).id);
    return summary;
  });
};
