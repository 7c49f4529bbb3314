import type { Session, SignInRequest, SignUpRequest } from '@/shared/schemas/auth';
import { apiFetch } from '@/client/lib/api-client';
import { sessionStore } from '@/client/lib/session-store';

export async function signIn(request: SignInRequest): Promise<Session> {
  const { session } = await apiFetch<{ session: Session }>('/api/auth/sign-in', { method: 'POST', body: request });
  sessionStore.setSignedIn(session);
  return session;
}

/** Resolves with the server's one answer (the same whether or not the e-mail had an account). */
export async function signUp(request: SignUpRequest): Promise<string> {
  const { message } = await apiFetch<{ message: string }>('/api/auth/sign-up', { method: 'POST', body: request });
  return message;
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
