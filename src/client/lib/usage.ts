import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsageSummary } from '@/shared/usage';
import { apiFetch } from './api-client';

/**
 * The teacher's usage in the current billing period. Shared by the dashboard, settings, pricing
 * and the grading screens; a save answers with the new summary and writes it here.
 */
export const usageQuery = queryOptions({
  queryKey: ['usage'],
  queryFn: ({ signal }) => apiFetch<UsageSummary>('/api/usage', { signal }),
  staleTime: 30_000,
});

export function useUsage() {
  return useQuery(usageQuery);
}
