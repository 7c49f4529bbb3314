import type { CanvasConnection, CanvasCredentials, CanvasUser } from '@/shared/schemas/canvas';
import { AppError, isAppError } from '@/server/core/app-error';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { ProfileStore } from '@/server/modules/profile/profile-store';
import type { CanvasAccess } from './canvas-access';

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
  if (error.code !== 'CANVAS_TOKEN_INVALID') return error;
  const reason = typeof error.details?.reason === 'string' ? error.details.reason : 'invalid';
  return new AppError(error.code, `${TOKEN_PROBLEMS[reason] ?? TOKEN_PROBLEMS.invalid} ${whatToDo}`, {
    cause: error,
    details: error.details,
  });
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
  deps: { access: CanvasAccess; profiles: ProfileStore; audit: AuditWriter },
  userId: string,
  credentials: CanvasCredentials,
): Promise<CanvasConnection> {
  const instanceUrl = deps.access.normalize(credentials.canvasUrl);
  const user = await testCanvasConnection(deps.access, credentials);
  const before = await deps.profiles.find(userId);
  await deps.profiles.update(userId, {
    canvasInstanceUrl: instanceUrl,
    canvasAccessToken: deps.access.seal(credentials.canvasToken.trim()),
  });
  await deps.audit({
    userId,
    action: 'CANVAS_CONNECTED',
    tableName: 'profiles',
    recordId: userId,
    oldValues: { canvas_instance_url: before?.profile.canvasInstanceUrl ?? null },
    newValues: { canvas_instance_url: instanceUrl, canvas_user: user.name },
  });
  return { connected: true, instanceUrl, user, problem: null };
}

/** The dashboard's view: who the saved token belongs to, or what is wrong with it. */
export async function getCanvasConnection(deps: { access: CanvasAccess }, userId: string): Promise<CanvasConnection> {
  let canvas;
  try {
    canvas = await deps.access.clientFor(userId);
  } catch (error) {
    if (isAppError(error) && error.code === 'CANVAS_NOT_CONNECTED')
      return { connected: false, instanceUrl: null, user: null, problem: null };
    if (isAppError(error)) return { connected: true, instanceUrl: null, user: null, problem: error.userMessage };
    throw error;
  }
  try {
    const self = await canvas.client.getSelf();
    return {
      connected: true,
      instanceUrl: canvas.instanceUrl,
      user: { name: self.name, email: self.email },
      problem: null,
    };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return {
      connected: true,
      instanceUrl: canvas.instanceUrl,
      user: null,
      problem: explainTokenProblem(error, NEW_TOKEN_ON_SETUP).userMessage,
    };
  }
}

export async function disconnectCanvas(deps: { profiles: ProfileStore; audit: AuditWriter }, userId: string) {
  await deps.profiles.update(userId, { canvasInstanceUrl: null, canvasAccessToken: null });
  await deps.audit({ userId, action: 'CANVAS_DISCONNECTED', tableName: 'profiles', recordId: userId });
}
