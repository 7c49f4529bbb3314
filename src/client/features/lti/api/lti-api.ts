import { useMutation, useQuery } from '@tanstack/react-query';
import type { LtiPendingLink } from '@/shared/schemas/lti';
import { apiFetch } from '@/client/lib/api-client';

/** The launch from Canvas waiting to be linked to a Margin account (kept in a cookie by the server). */
export function usePendingLtiLink() {
  return useQuery({
    queryKey: ['lti', 'link'],
    queryFn: ({ signal }) => apiFetch<LtiPendingLink>('/api/lti/link', { signal }),
    retry: false,
  });
}

/** Links the Canvas user to the signed-in account; answers where to go (the course she launched from). */
export function useLinkLtiLaunch() {
  return useMutation({
    mutationFn: () => apiFetch<{ openPath: string }>('/api/lti/link', { method: 'POST' }),
  });
}
