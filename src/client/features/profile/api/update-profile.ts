import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, UpdateProfileRequest } from '@/shared/schemas/profile';
import { apiFetch } from '@/client/lib/api-client';
import { sessionStore } from '@/client/lib/session-store';
import { profileQuery } from './profile-api';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: UpdateProfileRequest) =>
      apiFetch<Profile>('/api/profile', { method: 'PATCH', body: request }),
    onSuccess(profile) {
      queryClient.setQueryData(profileQuery(profile.id).queryKey, profile);
      const user = sessionStore.getSnapshot().user;
      if (user) sessionStore.updateUser({ ...user, user_metadata: { full_name: profile.full_name } });
    },
  });
}
