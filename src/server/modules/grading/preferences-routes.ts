import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gradingPreferencesSchema, updateGradingPreferencesSchema } from '@/shared/schemas/grading-preferences';
import { currentUser } from '@/server/modules/auth/authenticate';
import type { GradingPluginOptions } from './kernel/grading-dependencies';

/** The teacher's grading choices, under /api/grading/preferences (the Settings page's switches). */
export const gradingPreferencesRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (
  app,
  { dependencies: deps },
) => {
  app.addHook('onRequest', deps.authenticate);

  app.get('/', { schema: { response: { 200: gradingPreferencesSchema } } }, async (request) =>
    deps.preferences.get(currentUser(request).id),
  );

  app.patch(
    '/',
    { schema: { body: updateGradingPreferencesSchema, response: { 200: gradingPreferencesSchema } } },
    async (request) => {
      const { aiLine, driftNotes } = request.body;
      return deps.preferences.update(currentUser(request).id, {
        ...(aiLine !== undefined ? { aiLine } : {}),
        ...(driftNotes !== undefined ? { driftNotes } : {}),
      });
    },
  );
};
