import { useMutation } from '@tanstack/react-query';
import type { ContactMessageInput, ContactReceipt } from '@/shared/schemas/contact';
import { apiFetch } from '@/client/lib/api-client';

export function sendContactMessage(message: ContactMessageInput): Promise<ContactReceipt> {
  return apiFetch<ContactReceipt>('/api/contact/messages', { method: 'POST', body: message });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
