import { hash } from '@node-rs/argon2';
import type { SignUpRequest } from '@/shared/schemas/auth';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AuthStore, UserRecord } from './auth-store';

export const EMAIL_TAKEN = 'An account with this email already exists. Please sign in instead.';

export async function signUp(
  deps: { store: AuthStore; audit: AuditWriter; afterSignUp: (user: UserRecord) => void },
  request: SignUpRequest,
): Promise<UserRecord> {
  // argon2id with the library's defaults (19 MiB, 2 passes), OWASP's recommended minimum.
  const passwordHash = await hash(request.password);
  const user = await deps.store.createUser(request.email, passwordHash, request.fullName);
  if (!user) throw new AppError('CONFLICT', EMAIL_TAKEN, { details: { field: 'email' } });
  await deps.audit({ userId: user.id, action: 'USER_SIGNED_UP', tableName: 'users', recordId: user.id });
  deps.afterSignUp(user);
  return user;
}
