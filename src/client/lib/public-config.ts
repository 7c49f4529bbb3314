import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@/shared/schemas/public-config';
import { apiFetch } from './api-client';

export const publicConfigQuery = queryOptions({
  queryKey: ['public-config'],
  queryFn: ({ signal }) => apiFetch<PublicConfig>('/api/config', { signal }),
  staleTime: Infinity,
});

/** Deployment facts (support address, demo Canvas, AI engine); loaded once per visit. */
export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}
