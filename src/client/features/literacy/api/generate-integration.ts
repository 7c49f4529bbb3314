import { useMutation } from '@tanstack/react-query';
import {
  INTEGRATION_FILE_FIELD,
  type IntegrationToolFieldsInput,
  type IntegrationToolResponse,
} from '@/shared/schemas/literacy';
import { apiFetch } from '@/client/lib/api-client';

export type IntegrationToolForm = IntegrationToolFieldsInput & { file: File | null };

/**
 * Without a file the fields go as JSON; with one, as a multipart upload (the file as it is, not
 * base64 inside JSON), which the server reads only when the content box is empty.
 */
export function generateIntegration({ file, ...fields }: IntegrationToolForm): Promise<IntegrationToolResponse> {
  if (!file) return apiFetch<IntegrationToolResponse>('/api/literacy/integrations', { method: 'POST', body: fields });
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(name, value);
  }
  form.append(INTEGRATION_FILE_FIELD, file, file.name);
  return apiFetch<IntegrationToolResponse>('/api/literacy/integrations', { method: 'POST', body: form });
}

export function useGenerateIntegration() {
  return useMutation({ mutationFn: generateIntegration });
}
