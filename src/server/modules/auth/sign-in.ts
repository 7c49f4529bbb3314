import { hash, verify } from '@node-rs/argon2';
import type { SignInRequest } from '@/shared/schemas/auth';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AccessTokens } from './access-token';
import type { AuthStore } from './auth-store';
import { issueSession, type IssuedSession } from './issue-session';

const NO_FAILURES = { failures: 0, secondsLeft: 0 };

export const INVALID_CREDENTIALS = 'Invalid email or password. Please check them and try again.';

/** Failed attempts allowed per window before sign-in is refused for a while. */
export const SIGN_IN_LIMITS = { perEmail: 5, perAddress: 20, windowSeconds: 15 * 60 };

// Verifying against a throwaway hash when the e-mail is unknown keeps response times alike, so
// timing does not reveal which addresses have accounts.
let unknownUserHash: Promise<string> | undefined;
function hashForUnknownUser(): Promise<string> {
  unknownUserHash ??= hash('no account has this password');
  return unknownUserHash;
}

export async function signIn(
  deps: { store: AuthStore; accessTokens: AccessTokens; audit: AuditWriter },
  request: SignInRequest,
  clientAddress: string,
): Promise<IssuedSession> {
  const emailKey = `email:${request.email}`;
  const addressKey = `address:${clientAddress}`;
  const failures = await deps.store.readFailures([emailKey, addressKey], SIGN_IN_LIMITS.windowSeconds);
  const byEmail = failures.get(emailKey) ?? NO_FAILURES;
  const byAddress = failures.get(addressKey) ?? NO_FAILURES;
  const blocked =
    byEmail.failures >= SIGN_IN_LIMITS.perEmail
      ? byEmail
      : byAddress.failures >= SIGN_IN_LIMITS.perAddress
        ? byAddress
        : null;
  if (blocked) {
    const minutes = Math.max(1, Math.ceil(blocked.secondsLeft / 60));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      { details: { retryAfterSeconds: blocked.secondsLeft } },
    );
  }

  const user = await deps.store.findUserWithPassword(request.email);
  const isValid = await verify(user?.passwordHash ?? (await hashForUnknownUser()), request.password).catch(() => false);
  if (!user || !isValid) {
    await deps.store.recordFailures([emailKey, addressKey], SIGN_IN_LIMITS.windowSeconds);
    await deps.audit({ userId: user?.id ?? null, action: 'SIGN_IN_FAILED', tableName: 'users', recordId: user?.id });
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  if (byEmail.failures > 0) await deps.store.clearFailures(emailKey);
  await deps.audit({ userId: user.id, action: 'USER_SIGNED_IN', tableName: 'users', recordId: user.id });
  return issueSession(deps, user);
}
