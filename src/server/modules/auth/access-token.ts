import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '@/server/core/app-error';
import { deriveKey } from '@/server/core/crypto';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = 'margin';
const AUDIENCE = 'margin-api';

export type AccessTokens = {
  issue(userId: string, email: string, now?: Date): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<{ userId: string; email: string }>;
};

/** Short-lived HS256 JWTs. The signing key is derived from APP_SECRET for this purpose only. */
export function createAccessTokens(appSecret: string): AccessTokens {
  const key = deriveKey(appSecret, 'access-token');
  return {
    async issue(userId, email, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_SECONDS;
      const token = await new SignJWT({ email })
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
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') throw new Error('claims missing');
        return { userId: payload.sub, email: payload.email };
      } catch (error) {
        throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.', { cause: error });
      }
    },
  };
}
