import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { profileSchema, updateProfileRequestSchema, type Profile } from '@/shared/schemas/profile';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import { currentUser, type Authenticate } from '@/server/modules/auth/authenticate';
import type { ProfileStore } from './profile-store';

type ProfileRow = NonNullable<Awaited<ReturnType<ProfileStore['find']>>>;

function toProfile({ profile, email }: ProfileRow): Profile {
  return {
    id: profile.id,
    email,
    full_name: profile.fullName,
    school_name: profile.schoolName,
    canvas_instance_url: profile.canvasInstanceUrl,
    canvas_connected: Boolean(profile.canvasAccessToken),
    updated_at: profile.updatedAt.toISOString(),
  };
}

export type ProfileRoutesOptions = { authenticate: Authenticate; profiles: ProfileStore; audit: AuditWriter };

export const profileRoutes: FastifyPluginAsyncZod<ProfileRoutesOptions> = async (
  app,
  { authenticate, profiles: store, audit },
) => {
  app.addHook('onRequest', authenticate);

  app.get('/', { schema: { response: { 200: profileSchema } } }, async (request) => {
    const row = await store.find(currentUser(request).id);
    if (!row) throw new AppError('NOT_FOUND', 'Profile not found');
    return toProfile(row);
  });

  app.patch(
    '/',
    { schema: { body: updateProfileRequestSchema, response: { 200: profileSchema } } },
    async (request) => {
      const { id } = currentUser(request);
      const before = await store.find(id);
      if (!before) throw new AppError('NOT_FOUND', 'Profile not found');
      const changes = {
        ...(request.body.fullName !== undefined ? { fullName: request.body.fullName } : {}),
        ...(request.body.schoolName !== undefined ? { schoolName: request.body.schoolName || null } : {}),
      };
      await store.update(id, changes);
      await audit({
        userId: id,
        action: 'PROFILE_UPDATED',
        tableName: 'profiles',
        recordId: id,
        oldValues: { full_name: before.profile.fullName, school_name: before.profile.schoolName },
        newValues: changes,
      });
      const after = await store.find(id);
      return toProfile(after!);
    },
  );
};
