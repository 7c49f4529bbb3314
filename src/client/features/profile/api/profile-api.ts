import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@/shared/schemas/profile';
import { apiFetch } from '@/client/lib/api-client';
import { useSession } from '@/client/lib/session';

export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: ['profile', userId],
    queryFn: ({ signal }) => apiFetch<Profile>('/api/profile', { signal }),
  });

export function useProfile() {
  const { user } = useSession();
  return useQuery({ ...profileQuery(user?.id ?? 'none'), enabled: Boolean(user) });
}
