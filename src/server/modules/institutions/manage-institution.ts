import type {
  InstitutionAudit,
  InstitutionLtiSettings,
  InstitutionMembers,
  InstitutionSettings,
  InstitutionView,
} from '@/shared/schemas/institutions';
import { normalizeCanvasUrl } from '@/shared/canvas-url';
import { AppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { AuthenticatedUser } from '@/server/modules/auth/authenticate';
import { readInvitationCode } from './invitation-code';
import type { Mailer } from '@/server/adapters/mail/mailer';
import type { InstitutionRecord, InstitutionRole, InstitutionStore } from './institution-store';

export type InstitutionDeps = {
  store: InstitutionStore;
  audit: AuditWriter;
  appSecret: string;
  /** Seals the developer key's secret and the AI key (the Canvas token key). */
  seal: (secret: string) => string;
  /** Sends a teacher's invitation or domain confirmation (the outbox, over SMTP). */
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  supportEmail: string;
  /** Ends every sign-in of a removed teacher. */
  endSessions: (userId: string) => Promise<void>;
  /** Ends a removed teacher's Canvas connection (deleted at Canvas, then here). */
  endCanvasConnection: (userId: string) => Promise<void>;
  /**
   * Refuses an address the server must not call on an admin's word: anything but https to a host
   * on the public internet (the rule Canvas addresses follow), unless the installation allows
   * private hosts. Throws an AppError that says why.
   */
  checkPublicAddress: (url: string) => Promise<void>;
};

const toView = (institution: InstitutionRecord, role: InstitutionRole, publicUrl: string): InstitutionView => ({
  id: institution.id,
  name: institution.name,
  role,
  canvasUrl: institution.canvasUrl,
  canvasClientId: institution.canvasClientId,
  hasClientSecret: institution.canvasClientSecret !== null,
  canvasEnforcesScopes: institution.canvasEnforcesScopes,
  allowPersonalTokens: institution.allowPersonalTokens,
  emailDomain: institution.emailDomain,
  monthlyAllowance: institution.monthlyAllowance,
  aiProvider: institution.aiProvider as InstitutionView['aiProvider'],
  aiModel: institution.aiModel,
  hasAiApiKey: institution.aiApiKey !== null,
  aiBaseUrl: institution.aiBaseUrl,
  draftRetentionHours: institution.draftRetentionHours,
  addAiLine: institution.addAiLine,
  ltiClientId: institution.ltiClientId,
  ltiDeploymentId: institution.ltiDeploymentId,
  ltiConfigurationUrl: `${publicUrl}/api/lti/config.json`,
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
    {
      name: invitation.institutionName,
      invitationId: invitation.invitationId,
      monthlyAllowance: invitation.monthlyAllowance,
    },
    user.id,
  );
  if (!institution) throw new AppError('CONFLICT', 'This invitation was already used to create an institution.');
  await deps.audit({
    userId: user.id,
    action: 'INSTITUTION_CREATED',
    tableName: 'institutions',
    recordId: institution.id,
    newValues: { name: institution.name, monthly_allowance: institution.monthlyAllowance },
  });
  return toView(institution, 'admin', deps.publicUrl);
}

export async function getInstitution(deps: InstitutionDeps, userId: string) {
  const { institution, role } = await requireRole(deps.store, userId, ['admin', 'teacher']);
  return toView(institution, role, deps.publicUrl);
}

/**
 * Canvas URL, developer key, personal tokens, sign-up domain, the institution's AI, draft retention and
 * the AI line. Secrets are sealed and kept when not sent; the audit says only that they changed.
 */
export async function updateInstitutionSettings(deps: InstitutionDeps, userId: string, settings: InstitutionSettings) {
  const { institution } = await requireRole(deps.store, userId, ['admin']);
  if (settings.emailDomain) {
    const holder = await deps.store.findByDomain(settings.emailDomain);
    if (holder && holder.id !== institution.id)
      throw new AppError('CONFLICT', `${settings.emailDomain} is already the sign-up domain of another institution.`, {
        details: { field: 'emailDomain' },
      });
  }
  const provider = settings.aiProvider === undefined ? institution.aiProvider : settings.aiProvider;
  const hasKey = settings.aiApiKey !== undefined || institution.aiApiKey !== null;
  if (provider && provider !== 'openai-compatible' && !hasKey)
    throw new AppError('VALIDATION', 'Enter the API key for the AI provider your institution uses.', {
      details: { field: 'aiApiKey' },
    });
  const baseUrl = settings.aiBaseUrl === undefined ? institution.aiBaseUrl : settings.aiBaseUrl;
  if (provider === 'openai-compatible' && !baseUrl)
    throw new AppError('VALIDATION', 'Enter the address of your OpenAI-compatible server.', {
      details: { field: 'aiBaseUrl' },
    });
  // The server calls this address with the institution's key for every draft: never one inside its own network.
  if (settings.aiBaseUrl) {
    await deps.checkPublicAddress(settings.aiBaseUrl).catch((error: unknown) => {
      throw new AppError(
        'VALIDATION',
        'Margin only sends drafts to an AI server on the public internet, over https://. Enter its public address.',
        { details: { field: 'aiBaseUrl' }, cause: error },
      );
    });
  }
  const updated = await deps.store.updateSettings(institution.id, {
    canvasUrl: settings.canvasUrl === null ? null : normalizeCanvasUrl(settings.canvasUrl),
    canvasClientId: settings.canvasClientId,
    ...(settings.canvasClientSecret ? { canvasClientSecret: deps.seal(settings.canvasClientSecret) } : {}),
    ...(settings.canvasEnforcesScopes !== undefined ? { canvasEnforcesScopes: settings.canvasEnforcesScopes } : {}),
    allowPersonalTokens: settings.allowPersonalTokens,
    ...(settings.emailDomain !== undefined ? { emailDomain: settings.emailDomain } : {}),
    ...(settings.aiProvider !== undefined ? { aiProvider: settings.aiProvider } : {}),
    ...(settings.aiModel !== undefined ? { aiModel: settings.aiModel } : {}),
    ...(settings.aiApiKey ? { aiApiKey: deps.seal(settings.aiApiKey) } : {}),
    ...(settings.aiBaseUrl !== undefined ? { aiBaseUrl: settings.aiBaseUrl } : {}),
    ...(settings.aiProvider === null ? { aiApiKey: null, aiModel: null, aiBaseUrl: null } : {}),
    ...(settings.draftRetentionHours !== undefined ? { draftRetentionHours: settings.draftRetentionHours } : {}),
    ...(settings.addAiLine !== undefined ? { addAiLine: settings.addAiLine } : {}),
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
      canvas_enforces_scopes: updated!.canvasEnforcesScopes,
      allow_personal_tokens: updated!.allowPersonalTokens,
      email_domain: updated!.emailDomain,
      ai_provider: updated!.aiProvider,
      ai_model: updated!.aiModel,
      ai_api_key_changed: settings.aiApiKey !== undefined,
      ai_base_url: updated!.aiBaseUrl,
      draft_retention_hours: updated!.draftRetentionHours,
      add_ai_line: updated!.addAiLine,
    },
  });
  return toView(updated!, 'admin', deps.publicUrl);
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
  return toView(updated!, 'admin', deps.publicUrl);
}

/** Teachers and admins with when they joined, when last active and what they used by month: no student data. */
export async function listInstitutionMembers(deps: InstitutionDeps, userId: string): Promise<InstitutionMembers> {
  const { institution } = await requireRole(deps.store, userId, ['admin']);
  const members = await deps.store.members(institution.id);
  const usage = await deps.store.usageByMonth(
    institution.id,
    members.map((member) => member.userId),
  );
  return {
    members: members.map((member) => ({
      userId: member.userId,
      email: member.email,
      fullName: member.fullName,
      role: member.role as InstitutionRole,
      joinedAt: member.joinedAt.toISOString(),
      lastActiveAt: member.lastActiveAt ? new Date(member.lastActiveAt).toISOString() : null,
      usageByMonth: usage
        .filter((row) => row.userId === member.userId)
        .map((row) => ({ month: row.month, used: row.used })),
    })),
  };
}

/** What the institution's admins did, newest first (the last 200 entries). */
export async function readInstitutionAudit(deps: InstitutionDeps, userId: string): Promise<InstitutionAudit> {
  const { institution } = await requireRole(deps.store, userId, ['admin']);
  const entries = await deps.store.auditLog(institution.id, 200);
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      action: entry.action,
      actorEmail: entry.actorEmail,
      details: (entry.details as Record<string, unknown> | null) ?? null,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
