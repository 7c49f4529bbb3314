import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CanvasConnection, CanvasCredentials, CanvasUser } from '@/shared/schemas/canvas';
import { apiFetch } from '@/client/lib/api-client';

export const canvasConnectionQuery = queryOptions({
  queryKey: ['canvas', 'connection'],
  queryFn: ({ signal }) => apiFetch<CanvasConnection>('/api/canvas/connection', { signal }),
  staleTime: 5 * 60_000,
});

export function useCanvasConnection() {
  return useQuery(canvasConnectionQuery);
}

export function testCanvasConnection(credentials: CanvasCredentials) {
  return apiFetch<{ success: true; user: CanvasUser }>('/api/canvas/connection/test', {
    method: 'POST',
    body: credentials,
  });
}

export function useSaveCanvasConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: CanvasCredentials) =>
      apiFetch<CanvasConnection>('/api/canvas/connection', { method: 'PUT', body: credentials }),
    onSuccess: async (connection) => {
      queryClient.setQueryData(canvasConnectionQuery.queryKey, connection);
      // Everything read from the previous Canvas is stale now.
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'canvas' });
    },
  });
}
