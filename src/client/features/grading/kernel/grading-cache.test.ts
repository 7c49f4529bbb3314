import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { UsageSummary } from '@/shared/usage';
import { ApiError } from '@/client/lib/api-client';
import { usageQuery } from '@/client/lib/usage';
import { COURSES_KEY, NEEDS_GRADING_KEY } from '@/client/lib/query-keys';
import { afterGradeSaved, afterGradeSaveFailed } from './grading-cache';

const usage: UsageSummary = {
  submissions_used: 3,
  limit: 10,
  purchased_submissions: 0,
  total_limit: 10,
  percentage: 30,
  billing_period: '2026-11',
  subscription_tier: 'free',
  next_reset_date: null,
  days_remaining: null,
};

/** A client holding the lists a grade save changes, none of them stale yet. */
function seededClient() {
  const client = new QueryClient();
  client.setQueryData(COURSES_KEY, []);
  client.setQueryData(NEEDS_GRADING_KEY, []);
  client.setQueryData(usageQuery.queryKey, { ...usage, submissions_used: 2, percentage: 20 });
  return client;
}

describe('afterGradeSaved', () => {
  it('stores the usage the save answered with and marks the course and Needs Grading lists stale', () => {
    const client = seededClient();
    afterGradeSaved(client, usage);
    expect(client.getQueryData(usageQuery.queryKey)).toEqual(usage);
    expect(client.getQueryState(usageQuery.queryKey)?.isInvalidated).toBe(false);
    // The courses feature builds its query options from the same keys (lib/query-keys.ts).
    expect(client.getQueryState(COURSES_KEY)?.isInvalidated).toBe(true);
    expect(client.getQueryState(NEEDS_GRADING_KEY)?.isInvalidated).toBe(true);
  });
});

describe('afterGradeSaveFailed', () => {
  it('reads the usage again when the plan limit refused the save', () => {
    const client = seededClient();
    afterGradeSaveFailed(client, new ApiError(402, { code: 'USAGE_LIMIT_REACHED', message: 'Limit reached' }));
    expect(client.getQueryState(usageQuery.queryKey)?.isInvalidated).toBe(true);
  });

  it('leaves the usage alone for any other failure', () => {
    const client = seededClient();
    afterGradeSaveFailed(client, new ApiError(502, { code: 'CANVAS_PERMISSION', message: 'Permission denied' }));
    expect(client.getQueryState(usageQuery.queryKey)?.isInvalidated).toBe(false);
  });
});
