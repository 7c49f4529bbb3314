import type { Invitations } from '@/shared/schemas/institutions';
import { AppError } from '@/server/core/app-error';
import { randomToken, sha256 } from '@/server/core/crypto';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { requireRole, type InstitutionDeps } from './manage-institution';
import type { InstitutionInvitationRecord, InstitutionRecord } from './institution-store';
import { domainConfirmationMail, teacherInvitationMail } from './teacher-mails';

export const INVITATION_LINK_DAYS = 7;
export const DOMAIN_LINK_HOURS = 24;
const DAY_MS = 24 * 60 * 60 * 1000;

const auditInstitution = (
  deps: InstitutionDeps,
  userId: string,
  institution: InstitutionRecord,
  action: string,
  newValues: Record<string, unknown>,
) => deps.audit({ userId, action, tableName: 'institutions', recordId: institution.id, newValues });

const toInvitation = (row: InstitutionInvitationRecord) => ({
  id: row.id,
  email: row.email,
  sentAt: row.sentAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The admin invites a teacher by e-mail: a link used once, expiring, sent over the outbox. */
export async function inviteTeacher(deps: InstitutionDeps, adminId: string, email: string) {
  const { institution } = await requireRole(deps.store, adminId, ['admin']);
  const existing = await deps.store.findUserByEmail(email);
  if (existing) {
    const membership = await deps.store.membershipOf(existing.id);
    if (membership?.institution.id === institution.id)
      throw new AppError('CONFLICT', `${email} is already a member of ${institution.name}.`, {
        details: { field: 'email' },
      });
  }
  const token = randomToken();
  const invitation = await deps.store.addInvitation({
    institutionId: institution.id,
    email,
    kind: 'invitation',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_LINK_DAYS * DAY_MS),
  });
  await deps.mailer.send(
    teacherInvitationMail(deps, { to: email, institutionName: institution.name, token, days: INVITATION_LINK_DAYS }),
  );
  await auditInstitution(deps, adminId, institution, 'TEACHER_INVITED', { email });
  return toInvitation(invitation);
}

export async function listInvitations(deps: InstitutionDeps, adminId: string): Promise<Invitations> {
  const { institution } = await requireRole(deps.store, adminId, ['admin']);
  const rows = await deps.store.pendingInvitations(institution.id, new Date());
  return { invitations: rows.map(toInvitation) };
}

/** A new link (the old one stops working) and a new expiry. */
export async function resendInvitation(deps: InstitutionDeps, adminId: string, invitationId: string) {
  const { institution } = await requireRole(deps.store, adminId, ['admin']);
  const found = await deps.store.findInvitation(institution.id, invitationId);
  if (!found || found.kind !== 'invitation' || found.usedAt || found.revokedAt)
    throw new AppError('NOT_FOUND', 'This invitation is no longer pending.');
  const token = randomToken();
  const renewed = await deps.store.renewInvitation(
    found.id,
    sha256(token),
    new Date(Date.now() + INVITATION_LINK_DAYS * DAY_MS),
  );
  if (!renewed) throw new AppError('NOT_FOUND', 'This invitation is no longer pending.');
  await deps.mailer.send(
    teacherInvitationMail(deps, {
      to: renewed.email,
      institutionName: institution.name,
      token,
      days: INVITATION_LINK_DAYS,
    }),
  );
  await auditInstitution(deps, adminId, institution, 'TEACHER_INVITATION_RESENT', { email: renewed.email });
  return toInvitation(renewed);
}

export async function revokeInvitation(deps: InstitutionDeps, adminId: string, invitationId: string) {
  const { institution } = await requireRole(deps.store, adminId, ['admin']);
  const found = await deps.store.findInvitation(institution.id, invitationId);
  if (!found || found.kind !== 'invitation' || !(await deps.store.revokeInvitation(found.id)))
    throw new AppError('NOT_FOUND', 'This invitation is no longer pending.');
  await auditInstitution(deps, adminId, institution, 'TEACHER_INVITATION_REVOKED', { email: found.email });
  return { ok: true as const };
}

/**
 * A teacher whose e-mail is at an institution's sign-up domain is sent a confirmation link; following
 * it (signed in as that address) makes her a teacher there. Nothing is sent when she already belongs
 * to an institution or no institution has her domain.
 */
export async function requestDomainJoin(deps: InstitutionDeps, user: { id: string; email: string }) {
  const institution = await deps.store.findByDomain(domainOf(user.email));
  if (!institution || (await deps.store.membershipOf(user.id))) return { institutionName: null, sentTo: null };
  const token = randomToken();
  await deps.store.addInvitation({
    institutionId: institution.id,
    email: user.email.toLowerCase(),
    kind: 'domain',
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + DOMAIN_LINK_HOURS * 60 * 60 * 1000),
  });
  await deps.mailer.send(
    domainConfirmationMail(deps, {
      to: user.email,
      institutionName: institution.name,
      token,
      hours: DOMAIN_LINK_HOURS,
    }),
  );
  return { institutionName: institution.name, sentTo: user.email };
}

/** The link from either mail, followed by the signed-in person it was sent to: she becomes a teacher. */
export async function joinInstitution(deps: InstitutionDeps, user: AuthenticatedUser, token: string) {
  const found = await deps.store.findInvitationByToken(sha256(token));
  const now = new Date();
  if (!found || found.invitation.revokedAt || found.invitation.usedAt)
    throw new AppError(
      'NOT_FOUND',
      'This link is no longer valid. Ask your institution’s administrator for a new one.',
    );
  const { invitation, institution } = found;
  if (invitation.expiresAt <= now)
    throw new AppError('NOT_FOUND', 'This link has expired. Ask your institution’s administrator for a new one.');
  if (invitation.email !== user.email.toLowerCase())
    throw new AppError(
      'FORBIDDEN',
      `This link is for ${invitation.email}. Sign in with that e-mail address to join ${institution.name}.`,
    );
  if (invitation.kind === 'domain' && institution.emailDomain !== domainOf(user.email))
    throw new AppError('FORBIDDEN', `${institution.name} no longer accepts sign-ups from your e-mail domain.`);
  const membership = await deps.store.membershipOf(user.id);
  if (membership) throw new AppError('CONFLICT', `Your account already belongs to ${membership.institution.name}.`);
  if (!(await deps.store.redeemInvitation(invitation.id, institution.id, user.id, now)))
    throw new AppError(
      'NOT_FOUND',
      'This link is no longer valid. Ask your institution’s administrator for a new one.',
    );
  await auditInstitution(deps, user.id, institution, 'TEACHER_JOINED', {
    email: invitation.email,
    by: invitation.kind === 'domain' ? 'domain' : 'invitation',
  });
  return { institutionName: institution.name };
}

/**
 * Removes a teacher: her sign-ins end and her Canvas connection is deleted (at Canvas, then here) at
 * once; her account stays, as a teacher on her own.
 */
export async function removeTeacher(deps: InstitutionDeps, adminId: string, teacherId: string) {
  const { institution } = await requireRole(deps.store, adminId, ['admin']);
  const member = (await deps.store.members(institution.id)).find((row) => row.userId === teacherId);
  if (!member || member.role !== 'teacher')
    throw new AppError('NOT_FOUND', `This teacher is not a member of ${institution.name}.`);
  if (!(await deps.store.removeTeacher(institution.id, teacherId)))
    throw new AppError('NOT_FOUND', `This teacher is not a member of ${institution.name}.`);
  await deps.endSessions(teacherId);
  await deps.endCanvasConnection(teacherId);
  await auditInstitution(deps, adminId, institution, 'TEACHER_REMOVED', { email: member.email });
  return { ok: true as const };
}
