import { useMutation } from '@tanstack/react-query';
import type { RevisionRequest, RevisionResult } from '@/shared/schemas/ai';
import { apiFetch } from '@/client/lib/api-client';

export function generateRevision(request: RevisionRequest): Promise<RevisionResult> {
  return apiFetch<RevisionResult>('/api/literacy/revisions', { method: 'POST', body: request });
}

export function useGenerateRevision() {
  return useMutation({ mutationFn: generateRevision });
}
