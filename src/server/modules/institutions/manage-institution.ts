import type { InstitutionLtiSettings, InstitutionSettings, InstitutionView } from '@/shared/schemas/institutions';
import { normalizeCanvasUrl } from '@/shared/canvas-url';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { readInvitationCode } from './invitation-code';
import type { InstitutionRole, InstitutionStore } from './institution-store';

export type InstitutionDeps = {
  store: InstitutionStore;
  audit: AuditWriter;
  appSecret: string;
  /** Seals the developer key's secret (the Canvas token key). */
  seal: (secret: string) => string;
};

type Institution = NonNullable<Awaited<ReturnType<InstitutionStore['membershipOf']>>>['institution'];

const toView = (institution: Institution, role: InstitutionRole): InstitutionView => ({
  id: institution.id,
  name: institution.name,
  role,
  canvasUrl: institution.canvasUrl,
  canvasClientId: institution.canvasClientId,
  hasClientSecret: institution.canvasClientSecret !== null,
  allowPersonalTokens: institution.allowPersonalTokens,
  ltiClientId: institution.ltiClientId,
  ltiDeploymentId: institution.ltiDeploymentId,
});

/** The caller's membership, held to the roles a route allows: the server's one role check. */
export async function requireRole(store: InstitutionStore, userId: string, roles: readonly InstitutionRole[]) {
  const membership = await store.membershipOf(userId);
  if (!membership) throw new AppError('NOT_FOUND', 'You do not belong to an institution on Margin.');
  if (!roles.includes(membership.role))
    throw new AppError('FORBIDDEN', 'Only an administrator of your institution can do this.');
  return membership;
}

/** The operator's invitation, redeemed by the person it names: she becomes the institution's first admin. */
export async function redeemInstitutionInvitation(deps: InstitutionDeps, user: AuthenticatedUser, code: string) {
  const invitation = await readInvitationCode(deps.appSecret, code);
  if (invitation.adminEmail !== user.email.toLowerCase())
    throw new AppError(
      'FORBIDDEN',
      `This invitation is for ${invitation.adminEmail}. Sign in with that e-mail address to use it.`,
    );
  if (await deps.store.membershipOf(user.id))
    throw new AppError('CONFLICT', 'Your account already belongs to an institution.');
  const institution = await deps.store.createWithAdmin(
    { name: invitation.institutionName, invitationId: invitation.invitationId },
    user.id,
  );
  if (!institution) throw new AppError('CONFLICT', 'This invitation was already used to create an institution.');
  await deps.audit({
    userId: user.id,
    action: 'INSTITUTION_CREATED',
    tableName: 'institutions',
    recordId: institution.id,
    newValues: { name: institution.name },
  });
  return toView(institution, 'admin');
}

export async function getInstitution(deps: InstitutionDeps, userId: string) {
  const { institution, role } = await requireRole(deps.store, userId, ['admin', 'teacher']);
  return toView(institution, role);
}

/** Canvas URL, developer key (secret sealed, kept when not sent) and whether personal tokens are allowed. */
export async function updateInstitutionSettings(deps: InstitutionDeps, userId: string, settings: InstitutionSettings) {
  const { institution } = await requireRole(deps.store, userId, ['admin']);
  const updated = await deps.store.updateSettings(institution.id, {
    canvasUrl: settings.canvasUrl === null ? null : normalizeCanvasUrl(settings.canvasUrl),
    canvasClientId: settings.canvasClientId,
    ...(settings.canvasClientSecret ? { canvasClientSecret: deps.seal(settings.canvasClientSecret) } : {}),
    allowPersonalTokens: settings.allowPersonalTokens,
  });
  await deps.audit({
    userId,
    action: 'INSTITUTION_SETTINGS_CHANGED',
    tableName: 'institutions',
    recordId: institution.id,
    newValues: {
      canvas_url: updated!.canvasUrl,
      canvas_client_id: updated!.canvasClientId,
      client_secret_changed: settings.canvasClientSecret !== undefined,
      allow_personal_tokens: updated!.allowPersonalTokens,
    },
  });
  return toView(updated!, 'admin');
}

/** The Canvas LTI key (client id and deployment id) launches from the institution's Canvas must name. */
export async function updateInstitutionLti(deps: InstitutionDeps, userId: string, settings: InstitutionLtiSettings) {
  const { institution } = await requireRole(deps.store, userId, ['admin']);
  if ((settings.ltiClientId === null) !== (settings.ltiDeploymentId === null))
    throw new AppError('VALIDATION', 'Enter both the LTI key’s client id and its deployment id, or neither.');
  const taken = settings.ltiClientId ? await deps.store.byLtiClientId(settings.ltiClientId) : null;
  if (taken && taken.id !== institution.id)
    throw new AppError('CONFLICT', 'Another institution on Margin already uses this LTI key’s client id.');
  const updated = await deps.store.updateSettings(institution.id, {
    ltiClientId: settings.ltiClientId,
    ltiDeploymentId: settings.ltiDeploymentId,
  });
  await deps.audit({
    userId,
    action: 'INSTITUTION_LTI_CHANGED',
    tableName: 'institutions',
    recordId: institution.id,
    newValues: { lti_client_id: updated!.ltiClientId, lti_deployment_id: updated!.ltiDeploymentId },
  });
  return toView(updated!, 'admin');
}

export async function listInstitutionMembers(deps: InstitutionDeps, userId: string) {
  const { institution } = await requireRole(deps.store, userId, ['admin']);
  const members = await deps.store.members(institution.id);
  return {
    members: members.map((member) => ({
      email: member.email,
      role: member.role as InstitutionRole,
      joinedAt: member.joinedAt.toISOString(),
    })),
  };
}
