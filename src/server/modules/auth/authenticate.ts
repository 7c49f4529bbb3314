import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '@/server/core/app-error';
import type { AccessTokens } from './access-token';

export type AuthenticatedUser = { id: string; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    authenticatedUser: AuthenticatedUser | null;
  }
}

/**
 * The hook every protected scope adds: a missing, malformed, expired or forged bearer token is a 401.
 * Public routes never look at the header, so a stale token cannot break them.
 */
export function createAuthenticateHook(accessTokens: AccessTokens): onRequestAsyncHookHandler {
  return async (request) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
    const claims = await accessTokens.verify(match[1]);
    request.authenticatedUser = { id: claims.userId, email: claims.email };
  };
}

/** The signed-in user of a request that passed the authenticate hook. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.authenticatedUser) throw new AppError('UNAUTHENTICATED', 'User not authenticated');
  return request.authenticatedUser;
}
