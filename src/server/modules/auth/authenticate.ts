import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '@/server/core/app-error';
import type { AccessTokens } from './access-token';
import type { AuthStore } from './auth-store';

/** `sessionId`: the sign-in (refresh family) the request belongs to. */
export type AuthenticatedUser = { id: string; email: string; sessionId: string };

/** The onRequest hook a protected scope adds (built once, in the composition root). */
export type Authenticate = onRequestAsyncHookHandler;

declare module 'fastify' {
  interface FastifyRequest {
    authenticatedUser: AuthenticatedUser | null;
  }
}

/**
 * The hook every protected scope adds: a missing, malformed, expired or forged bearer token is a 401,
 * and so is one whose sign-in has ended (signed out, or its refresh family revoked as stolen): one
 * indexed lookup per request, so a sign-out takes effect at once on every instance.
 * Public routes never look at the header, so a stale token cannot break them.
 */
export function createAuthenticateHook(
  accessTokens: AccessTokens,
  store: Pick<AuthStore, 'isSessionLive'>,
): Authenticate {
  return async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
    const claims = await accessTokens.verify(match[1]);
    if (!(await store.isSessionLive(claims.sessionId))) {
      throw new AppError('UNAUTHENTICATED', 'Your session has ended. Please sign in again.');
    }
    request.authenticatedUser = { id: claims.userId, email: claims.email, sessionId: claims.sessionId };
  };
}

/** The signed-in user of a request that passed the authenticate hook. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.authenticatedUser) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
  return request.authenticatedUser;
}
