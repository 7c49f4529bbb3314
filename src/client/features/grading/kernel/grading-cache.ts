import type { QueryClient } from '@tanstack/react-query';
import type { UsageSummary } from '@/shared/usage';
import { ERROR_CODE } from '@/shared/error-codes';
import { ApiError } from '@/client/lib/api-client';
import { COURSES_KEY, NEEDS_GRADING_KEY } from '@/client/lib/query-keys';
import { usageQuery } from '@/client/lib/usage';

/**
 * After any grade is saved to Canvas, on any grading screen: the save's answer carries the new
 * usage, and the course lists and the Needs Grading list count this submission differently now.
 */
export function afterGradeSaved(queryClient: QueryClient, usage: UsageSummary): void {
  queryClient.setQueryData(usageQuery.queryKey, usage);
  void queryClient.invalidateQueries({ queryKey: COURSES_KEY });
  void queryClient.invalidateQueries({ queryKey: NEEDS_GRADING_KEY });
}

/** After a refused save: at the plan's limit the usage shown is stale, so it is read again. */
export function afterGradeSaveFailed(queryClient: QueryClient, error: unknown): void {
  if (error instanceof ApiError && error.code === ERROR_CODE.USAGE_LIMIT_REACHED)
    void queryClient.invalidateQueries(usageQuery);
}
