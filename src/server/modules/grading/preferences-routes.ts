import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gradingPreferencesViewSchema,
  updateGradingPreferencesSchema,
  type GradingPreferences,
  type GradingPreferencesView,
} from '@/shared/schemas/grading-preferences';
import { currentUser } from '@/server/modules/auth/authenticate';
import type { GradingPluginOptions } from './kernel/grading-dependencies';

/** The teacher's grading choices, under /api/grading/preferences (the Settings page's switches). */
export const gradingPreferencesRoutes: FastifyPluginAsyncZod<GradingPluginOptions> = async (
  app,
  { dependencies: deps },
) => {
  app.addHook('onRequest', deps.authenticate);
  const withInstitution = async (userId: string, own: GradingPreferences): Promise<GradingPreferencesView> => ({
    ...own,
    institutionAiLine: await deps.institutionAddsAiLine(userId),
  });

  app.get('/', { schema: { response: { 200: gradingPreferencesViewSchema } } }, async (request) => {
    const userId = currentUser(request).id;
    return withInstitution(userId, await deps.preferences.get(userId));
  });

  app.patch(
    '/',
    { schema: { body: updateGradingPreferencesSchema, response: { 200: gradingPreferencesViewSchema } } },
    async (request) => {
      const userId = currentUser(request).id;
      const { aiLine, driftNotes } = request.body;
      const own = await deps.preferences.update(userId, {
        ...(aiLine !== undefined ? { aiLine } : {}),
        ...(driftNotes !== undefined ? { driftNotes } : {}),
      });
      return withInstitution(userId, own);
    },
  );
};
