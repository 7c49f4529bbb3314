import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '@/server/core/app-error';
import { deriveKey } from '@/server/core/crypto';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'margin';
const AUDIENCE = 'margin-api';

/** `sessionId` is the refresh-token family of the sign-in; ending it ends the access token too. */
export type AccessClaims = { userId: string; email: string; sessionId: string };

export type AccessTokens = {
  issue(claims: AccessClaims, now?: Date): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<AccessClaims>;
};

/** Short-lived HS256 JWTs. The signing key is derived from APP_SECRET for this purpose only. */
export function createAccessTokens(appSecret: string): AccessTokens {
  const key = deriveKey(appSecret, 'access-token');
  return {
    async issue({ userId, email, sessionId }, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
      const token = await new SignJWT({ email, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          requiredClaims: ['exp', 'iat'],
        });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string' || typeof payload.sid !== 'string') {
          throw new Error('claims missing');
        }
        return { userId: payload.sub, email: payload.email, sessionId: payload.sid };
      } catch (error) {
        throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.', { cause: error });
      }
    },
  };
}
