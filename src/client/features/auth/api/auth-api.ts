import type { Session, SessionUser, SignInRequest, SignUpRequest } from '@/shared/schemas/auth';
import { apiFetch } from '@/client/lib/api-client';
import { sessionStore } from '@/client/lib/session-store';

export async function signIn(request: SignInRequest): Promise<Session> {
  const { session } = await apiFetch<{ session: Session }>('/api/auth/sign-in', { method: 'POST', body: request });
  sessionStore.setSignedIn(session);
  return session;
}

export async function signUp(request: SignUpRequest): Promise<SessionUser> {
  const { user } = await apiFetch<{ user: SessionUser }>('/api/auth/sign-up', { method: 'POST', body: request });
  return user;
}

export async function signOut(): Promise<void> {
  try {
    await apiFetch('/api/auth/sign-out', { method: 'POST' });
  } catch (error) {
    console.warn('Sign-out request failed; signing out locally', error);
  } finally {
    sessionStore.setSignedOut();
  }
}
