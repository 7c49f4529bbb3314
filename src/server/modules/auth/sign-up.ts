import { hash } from '@node-rs/argon2';
import type { SignUpRequest } from '@/shared/schemas/auth';
import { AppError, isAppError } from '@/server/core/app-error';
import { consumeRateLimit } from '@/server/core/rate-limit';
import type { Database } from '@/server/db/connection';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AuthStore, UserRecord } from './auth-store';
import { COMMON_PASSWORD, isCommonPassword } from './common-passwords';

/** The one answer to every accepted sign-up, whether or not the e-mail already had an account. */
export const SIGN_UP_ACCEPTED = 'Please sign in with your e-mail and password. We have also sent you an e-mail.';
export const TOO_MANY_SIGN_UPS = 'Too many accounts were created from your network. Please try again later.';

/**
 * Notes sent to the owner of an existing account, per e-mail: enough to tell her, too few for
 * sign-ups from many addresses to fill her inbox. Past it the answer stays the same; no note is sent.
 */
export const ACCOUNT_EXISTS_MAIL_LIMIT = { limit: 3, windowSeconds: 24 * 3600 };

export type SignUpOutcome = { kind: 'created'; user: UserRecord } | { kind: 'existing'; email: string };

/**
 * Creates an account. An e-mail that already has one gets the same answer, after the same work (the
 * password is hashed either way), and its owner is told by e-mail instead; so sign-up does not reveal
 * which addresses have accounts. Sign-ups are limited per client address.
 */
export async function signUp(
  deps: {
    db: Database;
    store: AuthStore;
    audit: AuditWriter;
    limitPerHour: number;
    afterSignUp: (outcome: SignUpOutcome) => void;
  },
  request: SignUpRequest,
  clientAddress: string,
): Promise<SignUpOutcome> {
  if (isCommonPassword(request.password)) {
    throw new AppError('VALIDATION', COMMON_PASSWORD, { details: { field: 'password' } });
  }
  await consumeRateLimit(
    deps.db,
    `sign-up:${clientAddress}`,
    { limit: deps.limitPerHour, windowSeconds: 3600 },
    TOO_MANY_SIGN_UPS,
  );
  // argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended minimum.
  const passwordHash = await hash(request.password);
  const user = await deps.store.createUser(request.email, passwordHash, request.fullName);
  const outcome: SignUpOutcome = user ? { kind: 'created', user } : { kind: 'existing', email: request.email };
  if (user) await deps.audit({ userId: user.id, action: 'USER_SIGNED_UP', tableName: 'users', recordId: user.id });
  if (user || (await mayTellOwner(deps.db, request.email))) deps.afterSignUp(outcome);
  return outcome;
}

async function mayTellOwner(db: Database, email: string): Promise<boolean> {
  try {
    await consumeRateLimit(db, `account-exists-mail:${email}`, ACCOUNT_EXISTS_MAIL_LIMIT, 'unused');
    return true;
  } catch (error) {
    if (isAppError(error) && error.code === 'RATE_LIMITED') return false;
    throw error;
  }
}
