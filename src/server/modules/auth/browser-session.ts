import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '@/server/core/app-error';
import type { AccessTokens } from './access-token';
import type { AuthStore } from './auth-store';
import { issueSession, type IssuedSession } from './issue-session';

export const REFRESH_COOKIE = 'margin_refresh';
export const REFRESH_COOKIE_PATH = '/api/auth';

/** Secure whenever the browser is on https: PUBLIC_URL says so, or the request came over TLS. */
export const isSecureRequest = (publicUrl: string, request: FastifyRequest) =>
  publicUrl.startsWith('https://') || request.protocol === 'https';

/** The refresh cookie a sign-in leaves: httpOnly, SameSite=Strict, read only by /api/auth. */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedSession,
  publicUrl: string,
) {
  void reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: isSecureRequest(publicUrl, request),
    path: REFRESH_COOKIE_PATH,
    expires: issued.refreshExpiresAt,
  });
}

/**
 * Signs a browser in as a user another module vouched for (an LTI launch): a new sign-in whose
 * refresh cookie the page then exchanges for its access token, as after a password sign-in.
 */
export type StartBrowserSession = (request: FastifyRequest, reply: FastifyReply, userId: string) => Promise<void>;

export function createBrowserSessions(deps: {
  store: AuthStore;
  accessTokens: AccessTokens;
  publicUrl: string;
}): StartBrowserSession {
  return async (request, reply, userId) => {
    const user = await deps.store.findUser(userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'This Margin account no longer exists.');
    setRefreshCookie(request, reply, await issueSession(deps, user), deps.publicUrl);
  };
}
