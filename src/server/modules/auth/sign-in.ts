import { hash, verify } from '@node-rs/argon2';
import type { SignInRequest } from '@/shared/schemas/auth';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AccessTokens } from './access-token';
import type { AuthStore, BackoffRule } from './auth-store';
import { issueSession, type IssuedSession } from './issue-session';

export const INVALID_CREDENTIALS = 'Invalid email or password. Please check them and try again.';

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * Sign-in throttles (docs/decisions/012). Every attempt is counted before the password is checked.
 * - pair: one e-mail from one client address: 5 attempts, then 1, 2, 4 … minutes, at most an hour.
 * - address: all e-mails from one address (password spraying): 20, then 15 minutes doubling.
 * - email: one e-mail from all addresses without its device cookie (a botnet): 50, then 15 minutes.
 * - device: a browser that signed in to this e-mail before is throttled only on its own key, so
 *   none of the above, which others can fill, ever lock the teacher out of her usual browser.
 */
export const SIGN_IN_RULES = {
  pair: { freeAttempts: 5, baseDelaySeconds: MINUTE, maxDelaySeconds: HOUR, quietResetSeconds: HOUR },
  address: { freeAttempts: 20, baseDelaySeconds: 15 * MINUTE, maxDelaySeconds: HOUR, quietResetSeconds: 15 * MINUTE },
  email: { freeAttempts: 50, baseDelaySeconds: 15 * MINUTE, maxDelaySeconds: HOUR, quietResetSeconds: HOUR },
  device: { freeAttempts: 5, baseDelaySeconds: MINUTE, maxDelaySeconds: 15 * MINUTE, quietResetSeconds: HOUR },
} satisfies Record<string, BackoffRule>;

// Verifying against a throwaway hash when the e-mail is unknown keeps response times alike, so
// timing does not reveal which addresses have accounts.
let unknownUserHash: Promise<string> | undefined;
function hashForUnknownUser(): Promise<string> {
  unknownUserHash ??= hash('no account has this password');
  return unknownUserHash;
}

export function tooManyAttempts(secondsLeft: number): AppError {
  const minutes = Math.max(1, Math.ceil(secondsLeft / 60));
  return new AppError(
    'RATE_LIMITED',
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { details: { retryAfterSeconds: secondsLeft } },
  );
}

type Throttle = { key: string; rule: BackoffRule; onSuccess: 'clear' | 'refund' };

function throttlesFor(email: string, clientAddress: string, trustedDeviceId: string | null): Throttle[] {
  if (trustedDeviceId) return [{ key: `device:${trustedDeviceId}`, rule: SIGN_IN_RULES.device, onSuccess: 'clear' }];
  return [
    { key: `pair:${email}|${clientAddress}`, rule: SIGN_IN_RULES.pair, onSuccess: 'clear' },
    { key: `address:${clientAddress}`, rule: SIGN_IN_RULES.address, onSuccess: 'refund' },
    { key: `email:${email}`, rule: SIGN_IN_RULES.email, onSuccess: 'refund' },
  ];
}

/**
 * Signs a teacher in. `trustedDeviceId` is the id of a device cookie this server issued for this
 * e-mail (null without one).
 */
export async function signIn(
  deps: { store: AuthStore; accessTokens: AccessTokens; audit: AuditWriter },
  request: SignInRequest,
  clientAddress: string,
  trustedDeviceId: string | null = null,
): Promise<IssuedSession> {
  const throttles = throttlesFor(request.email, clientAddress, trustedDeviceId);
  // Counted one key after another, each in one atomic statement; the first refusal stops the
  // attempt before any password is checked.
  for (const throttle of throttles) {
    const secondsLeft = await deps.store.countAttempt(throttle.key, throttle.rule);
    if (secondsLeft !== null) throw tooManyAttempts(secondsLeft);
  }

  const user = await deps.store.findUserWithPassword(request.email);
  const isValid = await verify(user?.passwordHash ?? (await hashForUnknownUser()), request.password).catch(() => false);
  if (!user || !isValid) {
    await deps.audit({ userId: user?.id ?? null, action: 'SIGN_IN_FAILED', tableName: 'users', recordId: user?.id });
    throw new AppError('UNAUTHENTICATED', INVALID_CREDENTIALS);
  }
  for (const throttle of throttles) {
    if (throttle.onSuccess === 'clear') await deps.store.clearAttempts(throttle.key);
    else await deps.store.refundAttempt(throttle.key);
  }
  await deps.audit({ userId: user.id, action: 'USER_SIGNED_IN', tableName: 'users', recordId: user.id });
  return issueSession(deps, user);
}
