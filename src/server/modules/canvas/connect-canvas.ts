import type { CanvasConnection, CanvasCredentials, CanvasUser } from '@/shared/schemas/canvas';
import { AppError, isAppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { ProfileStore } from '@/server/modules/profile/profile-store';
import type { CanvasAccess } from './canvas-access';
import type { InstitutionStore } from '@/server/modules/institutions/institution-store';
import type { CanvasTokenStore } from './canvas-token-store';

/** Why Canvas refused a token, in the words of the page where a new one is entered. */
const TOKEN_PROBLEMS: Record<string, string> = {
  expired: 'Your Canvas access token has expired.',
  revoked: 'This Canvas access token was deleted in Canvas.',
  scopes: 'This Canvas access token is limited and cannot read your courses.',
  invalid: 'Canvas did not accept this access token.',
};
const NEW_TOKEN_HERE =
  'Create a new access token in Canvas (Account, Settings, + New Access Token), paste it in Canvas API Token on this page, and choose Test Connection.';
const NEW_TOKEN_ON_SETUP = 'Create a new access token in Canvas and paste it on the Connect Canvas page.';

/** A rejected token says what to do where the teacher is, never "go to Settings" from the setup page itself. */
function explainTokenProblem(error: AppError, whatToDo: string): AppError {
  if (error.code !== 'CANVAS_TOKEN_INVALID' || error.details?.reason === 'reconnect') return error;
  const reason = typeof error.details?.reason === 'string' ? error.details.reason : 'invalid';
  return new AppError(error.code, `${TOKEN_PROBLEMS[reason] ?? TOKEN_PROBLEMS.invalid} ${whatToDo}`, {
    cause: error,
    details: error.details,
  });
}

/** An institution may turn the personal token path off for its teachers: they use Connect with Canvas. */
export async function assertPersonalTokensAllowed(institutions: InstitutionStore, userId: string): Promise<void> {
  const membership = await institutions.membershipOf(userId);
  if (membership && !membership.institution.allowPersonalTokens)
    throw new AppError(
      'FORBIDDEN',
      `${membership.institution.name} asks its teachers to use Connect with Canvas instead of a personal access token.`,
    );
}

/** Asks Canvas who the token belongs to (GET /api/v1/users/self): the connection test. */
export async function testCanvasConnection(access: CanvasAccess, credentials: CanvasCredentials): Promise<CanvasUser> {
  try {
    const canvas = await access.clientForCredentials(
      access.normalize(credentials.canvasUrl),
      credentials.canvasToken.trim(),
    );
    const self = await canvas.client.getSelf();
    return { name: self.name, email: self.email };
  } catch (error) {
    throw isAppError(error) ? explainTokenProblem(error, NEW_TOKEN_HERE) : error;
  }
}

/**
 * Saves the connection after testing it again here: the browser's earlier test proves nothing to
 * the server. Only the encrypted token is stored.
 */
export async function saveCanvasConnection(
  deps: { access: CanvasAccess; profiles: ProfileStore; tokens: CanvasTokenStore; audit: AuditWriter },
  userId: string,
  credentials: CanvasCredentials,
): Promise<CanvasConnection> {
  const instanceUrl = deps.access.normalize(credentials.canvasUrl);
  const user = await testCanvasConnection(deps.access, credentials);
  const before = await deps.profiles.find(userId);
  await deps.tokens.save(userId, {
    canvasInstanceUrl: instanceUrl,
    canvasAccessToken: deps.access.seal(credentials.canvasToken.trim()),
    canvasAuthMethod: 'token',
    canvasRefreshToken: null,
    canvasTokenExpiresAt: null,
    canvasTokenRefreshAt: null,
    canvasConnectionProblem: null,
    canvasOauthInstitutionId: null,
  });
  await deps.audit({
    userId,
    action: 'CANVAS_CONNECTED',
    tableName: 'profiles',
    recordId: userId,
    oldValues: { canvas_instance_url: before?.profile.canvasInstanceUrl ?? null },
    newValues: { canvas_instance_url: instanceUrl, canvas_user: user.name, method: 'token' },
  });
  return { connected: true, method: 'token', instanceUrl, user, problem: null };
}

/** The dashboard's view: who the saved token belongs to, or what is wrong with it. */
export async function getCanvasConnection(
  deps: { access: CanvasAccess; tokens: CanvasTokenStore },
  userId: string,
): Promise<CanvasConnection> {
  const stored = await deps.tokens.find(userId);
  const method = stored?.instanceUrl ? stored.method : null;
  if (!stored?.instanceUrl) return { connected: false, method: null, instanceUrl: null, user: null, problem: null };
  let canvas;
  try {
    canvas = await deps.access.clientFor(userId);
  } catch (error) {
    if (isAppError(error) && error.code === 'CANVAS_NOT_CONNECTED')
      return { connected: false, method: null, instanceUrl: null, user: null, problem: null };
    if (isAppError(error))
      return {
        connected: true,
        method,
        instanceUrl: stored?.instanceUrl ?? null,
        user: null,
        problem: error.userMessage,
      };
    throw error;
  }
  try {
    const self = await canvas.client.getSelf();
    return {
      connected: true,
      method,
      instanceUrl: canvas.instanceUrl,
      user: { name: self.name, email: self.email },
      problem: null,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      connected: true,
      method,
      instanceUrl: canvas.instanceUrl,
      user: null,
      problem: explainTokenProblem(error, NEW_TOKEN_ON_SETUP).userMessage,
    };
  }
}

/**
 * Disconnect: an OAuth2 token is deleted at Canvas first (`DELETE /login/oauth2/token`), then
 * everything is removed here, even when Canvas cannot be reached (the audit says whether Canvas confirmed).
 */
export async function disconnectCanvas(
  deps: { access: CanvasAccess; tokens: CanvasTokenStore; audit: AuditWriter; log: DisconnectLog },
  userId: string,
) {
  const stored = await deps.tokens.find(userId);
  let isDeletedAtCanvas: boolean | null = null;
  if (stored?.method === 'oauth' && stored.instanceUrl && stored.sealedAccessToken) {
    try {
      // At the Canvas that issued it, whichever key it came from (the token is its own credential).
      isDeletedAtCanvas = await deps.access.revokeOAuthToken(stored.instanceUrl, stored.sealedAccessToken);
    } catch (error) {
      isDeletedAtCanvas = false;
      deps.log.warn({ err: error, userId }, 'Could not delete the Canvas token at Canvas on disconnect');
    }
  }
  await deps.tokens.save(userId, {
    canvasInstanceUrl: null,
    canvasAccessToken: null,
    canvasAuthMethod: null,
    canvasRefreshToken: null,
    canvasTokenExpiresAt: null,
    canvasTokenRefreshAt: null,
    canvasConnectionProblem: null,
    canvasOauthInstitutionId: null,
  });
  await deps.audit({
    userId,
    action: 'CANVAS_DISCONNECTED',
    tableName: 'profiles',
    recordId: userId,
    ...(isDeletedAtCanvas === null ? {} : { newValues: { deleted_at_canvas: isDeletedAtCanvas } }),
  });
}

type DisconnectLog = { warn(object: object, message: string): void };
