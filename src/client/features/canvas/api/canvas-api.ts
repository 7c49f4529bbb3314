import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CanvasConnectOptions,
  CanvasConnection,
  CanvasCredentials,
  CanvasOAuthCallback,
  CanvasUser,
} from '@/shared/schemas/canvas';
import { apiFetch } from '@/client/lib/api-client';

export const canvasConnectionQuery = queryOptions({
  queryKey: ['canvas', 'connection'],
  queryFn: ({ signal }) => apiFetch<CanvasConnection>('/api/canvas/connection', { signal }),
  staleTime: 5 * 60_000,
});

export function useCanvasConnection() {
  return useQuery(canvasConnectionQuery);
}

/** Whether this teacher is offered Connect with Canvas (her school's key or the installation's) and personal tokens. */
export const canvasConnectOptionsQuery = queryOptions({
  queryKey: ['canvas', 'connect-options'],
  queryFn: ({ signal }) => apiFetch<CanvasConnectOptions>('/api/canvas/connect-options', { signal }),
  staleTime: 5 * 60_000,
});

export function useCanvasConnectOptions() {
  return useQuery(canvasConnectOptionsQuery);
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

/** Connect with Canvas, step 1: the address of Canvas's authorize page (with a state bound to this sign-in). */
export function startCanvasAuthorization() {
  return apiFetch<{ authorizeUrl: string }>('/api/canvas/oauth/start', { method: 'POST' });
}

/** Step 3, on the callback page: hands what Canvas sent back to the server, which fetches the tokens. */
export function useCompleteCanvasAuthorization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callback: CanvasOAuthCallback) =>
      apiFetch<CanvasConnection>('/api/canvas/oauth/complete', { method: 'POST', body: callback }),
    onSuccess: async (connection) => {
      queryClient.setQueryData(canvasConnectionQuery.queryKey, connection);
      await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'canvas' });
    },
  });
}

/** Disconnect: the token is deleted at Canvas and in Margin. */
export function useDisconnectCanvas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<void>('/api/canvas/connection', { method: 'DELETE' }),
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
