import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The one query cache of the page. It lives in its own module so that only screens that read data
 * download TanStack Query: the public marketing pages never import it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 60_000,
      refetchOnWindowFocus: false,
      // Retrying a 4xx only repeats the same answer; network and server errors get two more tries.
      retry: (failureCount, error) =>
        failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    },
  },
});
