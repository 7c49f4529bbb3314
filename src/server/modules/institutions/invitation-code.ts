import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '@/server/core/app-error';
import { deriveKey } from '@/server/core/crypto';

const AUDIENCE = 'margin-institution-invitation';
export const INVITATION_DAYS = 14;

/** `monthlyAllowance`: the plan sold, submissions per month shared by its teachers; null is unlimited. */
export type Invitation = {
  invitationId: string;
  institutionName: string;
  adminEmail: string;
  monthlyAllowance: number | null;
};

/**
 * An operator's invitation to create an institution: signed with a key derived from APP_SECRET, so
 * the command that prints it needs no running server and no database. Used once: the institution
 * it creates keeps its id (a unique column).
 */
export async function createInvitationCode(
  appSecret: string,
  invitation: { institutionName: string; adminEmail: string; monthlyAllowance?: number | null },
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({
    name: invitation.institutionName,
    email: invitation.adminEmail.trim().toLowerCase(),
    allowance: invitation.monthlyAllowance ?? null,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setAudience(AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + INVITATION_DAYS * 24 * 60 * 60)
    .sign(deriveKey(appSecret, 'institution-invitation'));
}

export async function readInvitationCode(appSecret: string, code: string): Promise<Invitation> {
  try {
    const { payload } = await jwtVerify(code.trim(), deriveKey(appSecret, 'institution-invitation'), {
      audience: AUDIENCE,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'jti'],
    });
    if (typeof payload.name !== 'string' || typeof payload.email !== 'string' || !payload.jti)
      throw new Error('claims');
    const allowance = payload.allowance ?? null;
    if (allowance !== null && !(Number.isInteger(allowance) && (allowance as number) >= 0))
      throw new Error('allowance');
    return {
      invitationId: payload.jti,
      institutionName: payload.name,
      adminEmail: payload.email,
      monthlyAllowance: allowance as number | null,
    };
  } catch (error) {
    throw new AppError('VALIDATION', 'This invitation code is not valid or has expired. Ask Margin for a new one.', {
      cause: error,
      details: { field: 'code' },
    });
  }
}
