import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InstitutionAudit,
  InstitutionLtiSettings,
  InstitutionMembers,
  InstitutionSettings,
  InstitutionView,
  Invitations,
} from '@/shared/schemas/institutions';
import { apiFetch } from '@/client/lib/api-client';

const KEY = ['institution'] as const;

export const useInstitution = () =>
  useQuery({
    queryKey: [...KEY, 'view'],
    queryFn: ({ signal }) => apiFetch<InstitutionView>('/api/institutions/current', { signal }),
    retry: false,
  });

export const useMembers = () =>
  useQuery({
    queryKey: [...KEY, 'members'],
    queryFn: ({ signal }) => apiFetch<InstitutionMembers>('/api/institutions/current/members', { signal }),
  });

export const useInvitations = () =>
  useQuery({
    queryKey: [...KEY, 'invitations'],
    queryFn: ({ signal }) => apiFetch<Invitations>('/api/institutions/current/invitations', { signal }),
  });

export const useInstitutionAudit = () =>
  useQuery({
    queryKey: [...KEY, 'audit'],
    queryFn: ({ signal }) => apiFetch<InstitutionAudit>('/api/institutions/current/audit', { signal }),
  });

/** A change by the admin: everything the dashboard shows is read again after it. */
export function useInstitutionAction<T, R = unknown>(action: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: action, onSettled: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const inviteTeacher = (email: string) =>
  apiFetch('/api/institutions/current/invitations', { method: 'POST', body: { email } });
export const resendInvitation = (id: string) =>
  apiFetch(`/api/institutions/current/invitations/${id}/resend`, { method: 'POST' });
export const revokeInvitation = (id: string) =>
  apiFetch(`/api/institutions/current/invitations/${id}`, { method: 'DELETE' });
export const removeTeacher = (userId: string) =>
  apiFetch(`/api/institutions/current/members/${userId}`, { method: 'DELETE' });
export const saveSettings = (settings: InstitutionSettings) =>
  apiFetch<InstitutionView>('/api/institutions/current/settings', { method: 'PUT', body: settings });
export const joinInstitution = (token: string) =>
  apiFetch<{ institutionName: string }>('/api/institutions/join', { method: 'POST', body: { token } });
export const saveLtiKey = (settings: InstitutionLtiSettings) =>
  apiFetch<InstitutionView>('/api/institutions/current/lti', { method: 'PUT', body: settings });
export const createInstitution = (code: string) =>
  apiFetch<InstitutionView>('/api/institutions', { method: 'POST', body: { code } });
