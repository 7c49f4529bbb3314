import { useMutation } from '@tanstack/react-query';
import type { IntegrationToolRequestInput, IntegrationToolResponse } from '@/shared/schemas/literacy';
import { apiFetch } from '@/client/lib/api-client';

export function generateIntegration(request: IntegrationToolRequestInput): Promise<IntegrationToolResponse> {
  return apiFetch<IntegrationToolResponse>('/api/literacy/integrations', { method: 'POST', body: request });
}

export function useGenerateIntegration() {
  return useMutation({ mutationFn: generateIntegration });
}
