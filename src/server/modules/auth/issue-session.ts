import { randomUUID } from 'node:crypto';
import type { Session, SessionUser } from '@/shared/schemas/auth';
import { randomToken, sha256 } from '@/server/core/crypto';
import type { AccessTokens } from './access-token';
import type { AuthStore, UserRecord } from './auth-store';

export const REFRESH_TOKEN_DAYS = 30;

export type IssuedSession = { session: Session; refreshToken: string; refreshExpiresAt: Date };

export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    identities: [{ provider: 'email', identity_id: user.id }],
    factors: [],
    user_metadata: { full_name: user.fullName },
    created_at: user.createdAt.toISOString(),
  };
}

/** Issues an access token and the next refresh token of a family (a new family on sign-in). */
export async function issueSession(
  deps: { store: AuthStore; accessTokens: AccessTokens },
  user: UserRecord,
  familyId: string = randomUUID(),
  now = new Date(),
): Promise<IssuedSession> {
  const { token, expiresAt } = await deps.accessTokens.issue(
    { userId: user.id, email: user.email, sessionId: familyId },
    now,
  );
  const refreshToken = randomToken();
  const refreshExpiresAt = new Date(now.getTime() + REFRESH_TOKEN_DAYS * 86_400_000);
  await deps.store.insertRefreshToken({
    userId: user.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: refreshExpiresAt,
  });
  return {
    session: {
      access_token: token,
      refresh_token: null,
      token_type: 'bearer',
      expires_in: expiresAt - Math.floor(now.getTime() / 1000),
      expires_at: expiresAt,
      user: toSessionUser(user),
    },
    refreshToken,
    refreshExpiresAt,
  };
}
