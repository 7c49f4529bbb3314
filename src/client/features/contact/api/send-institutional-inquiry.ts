import { useMutation } from '@tanstack/react-query';
import type { ContactReceipt, InstitutionalInquiryInput } from '@/shared/schemas/contact';
import { apiFetch } from '@/client/lib/api-client';

export function sendInstitutionalInquiry(inquiry: InstitutionalInquiryInput): Promise<ContactReceipt> {
  return apiFetch<ContactReceipt>('/api/contact/inquiries', { method: 'POST', body: inquiry });
}

export function useSendInstitutionalInquiry() {
  return useMutation({ mutationFn: sendInstitutionalInquiry });
}
