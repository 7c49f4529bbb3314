import { AppError } from '@/server/core/app-error';
import { sha256 } from '@/server/core/crypto';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AccessTokens } from './access-token';
import type { AuthStore } from './auth-store';
import { issueSession, type IssuedSession } from './issue-session';

const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * How long a just-rotated token is still honoured. A reload or navigation while a refresh is in
 * flight leaves the browser with the old cookie (the response carrying the new one was dropped);
 * without this grace the teacher would be signed out and the family revoked as if stolen.
 */
export const REUSE_INTERVAL_MS = 10_000;

/**
 * Rotates a refresh token. A token rotated less than REUSE_INTERVAL_MS ago is honoured once more
 * (one replay per token, spent atomically); any other use of a rotated or revoked token is treated
 * as theft: the whole family is revoked, so both the thief and the owner must sign in again, and
 * the access tokens of that sign-in stop working at once.
 */
export async function refreshSession(
  deps: { store: AuthStore; accessTokens: AccessTokens; audit: AuditWriter },
  refreshToken: string | undefined,
  now = new Date(),
): Promise<IssuedSession> {
  if (!refreshToken) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  const tokenHash = sha256(refreshToken);
  let record = await deps.store.findRefreshToken(tokenHash);
  if (!record) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);

  if (!record.rotatedAt && !record.revokedAt) {
    if (record.expiresAt <= now) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
    if (await deps.store.markRotated(record.id, now)) return issueFor(deps, record.userId, record.familyId, now);
    // Another request rotated it first: this one is a replay, judged below.
    record = await deps.store.findRefreshToken(tokenHash);
    if (!record) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  }

  const isWithinReuseInterval =
    record.rotatedAt !== null &&
    record.revokedAt === null &&
    record.expiresAt > now &&
    now.getTime() - record.rotatedAt.getTime() < REUSE_INTERVAL_MS;
  if (isWithinReuseInterval && (await deps.store.claimGrace(record.id, now))) {
    return issueFor(deps, record.userId, record.familyId, now);
  }

  await deps.store.revokeFamily(record.familyId, now);
  if (record.rotatedAt) {
    await deps.audit({
      userId: record.userId,
      action: 'REFRESH_TOKEN_REUSED',
      tableName: 'refresh_tokens',
      recordId: record.familyId,
    });
  }
  throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
}

async function issueFor(
  deps: { store: AuthStore; accessTokens: AccessTokens },
  userId: string,
  familyId: string,
  now: Date,
): Promise<IssuedSession> {
  const user = await deps.store.findUser(userId);
  if (!user) throw new AppError('UNAUTHENTICATED', SESSION_ENDED);
  return issueSession(deps, user, familyId, now);
}

export async function signOut(deps: { store: AuthStore }, refreshToken: string | undefined, now = new Date()) {
  if (!refreshToken) return;
  const record = await deps.store.findRefreshToken(sha256(refreshToken));
  if (record) await deps.store.revokeFamily(record.familyId, now);
}
