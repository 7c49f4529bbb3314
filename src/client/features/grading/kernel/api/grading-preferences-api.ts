import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GradingPreferencesView, UpdateGradingPreferences } from '@/shared/schemas/grading-preferences';
import { apiFetch } from '@/client/lib/api-client';
import { useSession } from '@/client/lib/session';

export const gradingPreferencesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['grading-preferences', userId],
    queryFn: ({ signal }) => apiFetch<GradingPreferencesView>('/api/grading/preferences', { signal }),
    staleTime: 5 * 60_000,
  });

/** The teacher's grading choices (the AI line, drift notes); undefined while they load. */
export function useGradingPreferences() {
  const { user } = useSession();
  return useQuery({ ...gradingPreferencesQuery(user?.id ?? 'none'), enabled: Boolean(user) });
}

export function useUpdateGradingPreferences() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: UpdateGradingPreferences) =>
      apiFetch<GradingPreferencesView>('/api/grading/preferences', { method: 'PATCH', body: changes }),
    onSuccess(preferences) {
      queryClient.setQueryData(gradingPreferencesQuery(user?.id ?? 'none').queryKey, preferences);
    },
  });
}
