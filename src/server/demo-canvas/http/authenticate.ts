import type { DemoUser } from '../model';
import type { DemoCanvasState } from '../state';
import {
  expiredAccessToken,
  insufficientScopes,
  invalidAccessToken,
  missingCredentials,
  revokedAccessToken,
} from './canvas-errors';

/**
 * Canvas's `AuthenticationMethods.access_token`: the Authorization header split on the first space,
 * scheme exactly `Bearer` (case-sensitive); otherwise the `access_token` parameter.
 */
export function accessTokenFrom(
  authorization: string | undefined,
  accessTokenParam: string | undefined,
): string | undefined {
  if (authorization) {
    const space = authorization.indexOf(' ');
    const scheme = space === -1 ? authorization : authorization.slice(0, space);
    if (scheme === 'Bearer') {
      const token = authorization.slice(space + 1).trim();
      if (space !== -1 && token !== '') return token;
    }
  }
  return accessTokenParam || undefined;
}

/**
 * The token's user, or the 401 Canvas sends for a missing, unknown, expired or revoked token, a token
 * whose OAuth2 grant was revoked or whose developer key was deleted, or a call outside its scopes.
 */
export function authenticate(
  state: DemoCanvasState,
  token: string | undefined,
  now: Date,
  call?: { method: string; path: string },
): DemoUser {
  if (token === undefined) throw missingCredentials();
  const record = state.accessTokens.get(token);
  const user = record ? state.users.get(record.userId) : undefined;
  if (!record || !user) throw invalidAccessToken();
  if (record.revoked) throw revokedAccessToken();
  if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime())
    throw expiredAccessToken(record.expiresAt);
  if (record.grantId !== undefined) {
    if (!state.oauth.grantStands(record.grantId)) throw revokedAccessToken();
    if (call && !state.oauth.allows(record.grantId, call.method, call.path)) throw insufficientScopes();
  }
  return user;
}
