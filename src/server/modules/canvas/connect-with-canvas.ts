import type { CanvasConnectOptions, CanvasConnection, CanvasOAuthCallback } from '@/shared/schemas/canvas';
import { AppError } from '@/server/core/app-error';
import { randomToken, sha256 } from '@/server/core/crypto';
import { CanvasGrantRefused } from '@/server/adapters/canvas';
import type { AuditWriter } from '@/server/modules/audit/write-audit';
import type { InstitutionStore } from '@/server/modules/institutions/institution-store';
import { refreshMomentFor, type CanvasAccess } from './canvas-access';
import type { CanvasTokenStore } from './canvas-token-store';

/** A "Connect with Canvas" must come back within ten minutes. */
const STATE_LIFETIME_MS = 10 * 60 * 1000;
/** Where Canvas sends the teacher back: a page of the app, which hands code and state to the API. */
export const OAUTH_CALLBACK_PATH = '/canvas-setup/callback';

type Deps = { access: CanvasAccess; tokens: CanvasTokenStore; audit: AuditWriter; publicUrl: string };
type Session = { userId: string; sessionId: string };

const redirectUriOf = (publicUrl: string) => `${publicUrl}${OAUTH_CALLBACK_PATH}`;

const STATE_REFUSED = new AppError(
  'VALIDATION',
  'This Canvas sign-in link has expired or was already used. Choose Connect with Canvas to start again.',
);

/**
 * Step 1: a single-use `state` bound to this sign-in, and the address of Canvas's authorize page.
 * Only the state's hash is stored.
 */
export async function startCanvasAuthorization(deps: Deps, session: Session): Promise<{ authorizeUrl: string }> {
  const key = await deps.access.oauthKeyFor(session.userId);
  if (!key) throw new AppError('NOT_FOUND', 'Connect with Canvas is not set up on this Margin.');
  const state = randomToken(32);
  // The state remembers whose key and which Canvas: the code is exchanged with the key it was issued to.
  await deps.tokens.addState({
    stateHash: sha256(state),
    userId: session.userId,
    sessionId: session.sessionId,
    canvasUrl: key.canvasUrl,
    institutionId: key.institution?.id ?? null,
    expiresAt: new Date(Date.now() + STATE_LIFETIME_MS),
  });
  const client = await deps.access.oauthClientFor(key.canvasUrl, key);
  return { authorizeUrl: client.authorizeUrl(key.canvasUrl, redirectUriOf(deps.publicUrl), state) };
}

/** What the setup page offers this teacher: Connect with Canvas (whose key, which Canvas) and personal tokens. */
export async function canvasConnectOptions(
  deps: { access: CanvasAccess; institutions: Pick<InstitutionStore, 'membershipOf'> },
  userId: string,
): Promise<CanvasConnectOptions> {
  const membership = await deps.institutions.membershipOf(userId);
  const key = deps.access.oauthKeyForInstitution(membership?.institution ?? null);
  return {
    oauth: key
      ? {
          canvasUrl: key.canvasUrl,
          source: key.institution ? 'institution' : 'installation',
          institutionName: key.institution?.name ?? null,
        }
      : null,
    personalTokensAllowed: membership ? membership.institution.allowPersonalTokens : true,
  };
}

/**
 * Step 3: the state is taken (so it works once), checked against this teacher's sign-in, and the
 * code is exchanged server to server. The tokens are stored sealed; the browser gets the connection.
 */
export async function completeCanvasAuthorization(
  deps: Deps,
  session: Session,
  callback: CanvasOAuthCallback,
): Promise<CanvasConnection> {
  const pending = await deps.tokens.takeState(sha256(callback.state));
  if (!pending || pending.userId !== session.userId || pending.sessionId !== session.sessionId) throw STATE_REFUSED;
  if (callback.error !== undefined || callback.code === undefined) {
    throw new AppError(
      'VALIDATION',
      callback.error === 'access_denied'
        ? 'You chose Cancel in Canvas, so Margin is not connected. Choose Connect with Canvas to try again.'
        : 'Canvas did not complete the connection. Choose Connect with Canvas to try again.',
      { details: { canvasError: callback.error ?? 'no_code' } },
    );
  }
  const key = await deps.access.oauthKeyOf(pending.institutionId);
  // The school's key was removed (or changed its Canvas) while the teacher was in Canvas.
  if (!key || key.canvasUrl !== pending.canvasUrl)
    throw new AppError(
      'VALIDATION',
      'Connect with Canvas changed while you were in Canvas. Choose Connect with Canvas to start again.',
    );
  const client = await deps.access.oauthClientFor(pending.canvasUrl, key);
  let issued;
  try {
    issued = await client.exchangeCode(callback.code, redirectUriOf(deps.publicUrl));
  } catch (error) {
    if (!(error instanceof CanvasGrantRefused)) throw error;
    throw new AppError(
      'CANVAS_TOKEN_INVALID',
      error.reason === 'invalid_client'
        ? "Canvas did not accept Margin's developer key. Ask your Canvas administrator to check it."
        : 'Canvas did not accept this sign-in (it may have taken too long). Choose Connect with Canvas to try again.',
      { cause: error, details: { reason: 'reconnect' } },
    );
  }
  const now = new Date();
  await deps.tokens.save(session.userId, {
    canvasInstanceUrl: pending.canvasUrl,
    canvasAuthMethod: 'oauth',
    canvasAccessToken: deps.access.seal(issued.accessToken),
    canvasRefreshToken: issued.refreshToken ? deps.access.seal(issued.refreshToken) : null,
    canvasTokenExpiresAt: new Date(now.getTime() + issued.expiresInSeconds * 1000),
    canvasTokenRefreshAt: refreshMomentFor(now, issued.expiresInSeconds),
    canvasConnectionProblem: null,
    canvasOauthInstitutionId: pending.institutionId,
  });
  await deps.audit({
    userId: session.userId,
    action: 'CANVAS_CONNECTED',
    tableName: 'profiles',
    recordId: session.userId,
    newValues: {
      canvas_instance_url: pending.canvasUrl,
      canvas_user: issued.user.name,
      method: 'oauth',
      developer_key: pending.institutionId ? 'institution' : 'installation',
    },
  });
  return {
    connected: true,
    method: 'oauth',
    instanceUrl: pending.canvasUrl,
    user: { name: issued.user.name, email: null },
    problem: null,
  };
}
