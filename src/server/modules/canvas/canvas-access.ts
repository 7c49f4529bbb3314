import { normalizeCanvasUrl } from '@/shared/canvas-url';
import { AppError } from '@/server/core/app-error';
import { decrypt, deriveKey, encrypt } from '@/server/core/crypto';
import type { Config } from '@/server/config';
import {
  assertCanvasUrlAllowed,
  CanvasGrantRefused,
  createCanvasClient,
  createCanvasNetwork,
  createCanvasOAuthClient,
  revokeCanvasToken,
  type CanvasClient,
  type CanvasDeveloperKey,
  type CanvasNetwork,
  type CanvasOAuthClient,
} from '@/server/adapters/canvas';
import type { CanvasTokenStore, StoredCanvasConnection } from './canvas-token-store';
import { demoCanvasInternalUrl, demoCanvasPublicUrl } from './demo-canvas-address';

export const CANVAS_NOT_CONFIGURED = 'Canvas credentials not configured';

/** A developer key and the Canvas it belongs to (the installation's, or the demo Canvas's). */
export type CanvasOAuthSetup = CanvasDeveloperKey & { canvasUrl: string };

/**
 * The developer key a teacher connects with (decision 056): her institution's when it set its Canvas
 * URL and key, else the installation's. `institution` is null for the installation's key.
 */
export type CanvasOAuthKey = CanvasOAuthSetup & { institution: { id: string; name: string } | null };

/** An institution's Canvas settings as stored: the secret sealed with the Canvas token key. */
export type InstitutionCanvasSettings = {
  id: string;
  name: string;
  canvasUrl: string | null;
  canvasClientId: string | null;
  canvasClientSecret: string | null;
  canvasEnforcesScopes: boolean;
};

/** What the Canvas access asks about institutions (decision 062). */
export type CanvasInstitutions = {
  /** The institution a user administers, if she does: an admin with no Canvas is refused by role. */
  administeredBy(userId: string): Promise<string | null>;
  /** The institution a user belongs to (as admin or teacher), if any. */
  of(userId: string): Promise<InstitutionCanvasSettings | null>;
  byId(institutionId: string): Promise<InstitutionCanvasSettings | null>;
};

const NO_INSTITUTIONS: CanvasInstitutions = {
  administeredBy: async () => null,
  of: async () => null,
  byId: async () => null,
};

/** Why Canvas refused to renew Margin's access, in the teacher's words. */
const GRANT_REFUSALS: Record<CanvasGrantRefused['reason'], string> = {
  invalid_client:
    "Canvas no longer accepts Margin's developer key (your Canvas administrator deleted or turned it off).",
  invalid_grant: 'Canvas no longer lets Margin in: the access you gave Margin was removed in Canvas.',
};
/** The key a connection was made with is no longer set up in Margin: as refused a renewal as Canvas's own. */
const KEY_GONE = {
  institution: "Your school's Canvas developer key is no longer set up in Margin, so Margin cannot renew its access.",
  installation: 'Connect with Canvas is no longer set up on this Margin, so Margin cannot renew its access.',
};
const RECONNECT_WITH_CANVAS = 'Choose Reconnect with Canvas on the Connect Canvas page.';

export function reconnectError(problem: string): AppError {
  return new AppError('CANVAS_TOKEN_INVALID', `${problem} ${RECONNECT_WITH_CANVAS}`, {
    details: { reason: 'reconnect' },
  });
}

/**
 * Renew an OAuth2 access token this long before Canvas's expiry: a minute, or a tenth of a short
 * lifetime, so a request never starts with a token about to lapse.
 */
export function refreshMomentFor(issuedAt: Date, expiresInSeconds: number): Date {
  const marginSeconds = Math.min(60, expiresInSeconds / 10);
  return new Date(issuedAt.getTime() + (expiresInSeconds - marginSeconds) * 1000);
}

/**
 * An institution's admin with no Canvas connection of her own: courses and grading are for
 * teaching, and she is refused by role. Connecting her own Canvas (she also teaches) lets her grade
 * her own classes, which Canvas lets her token reach.
 */
export function adminNotTeaching(institutionName: string): AppError {
  return new AppError(
    'FORBIDDEN',
    `You are signed in as an administrator of ${institutionName}: you manage its teachers, plan and settings on the institution page, and Margin does not show administrators any student work. If you also teach, connect your own Canvas account to grade your classes.`,
    { details: { reason: 'institution_admin' } },
  );
}

export type CanvasAccess = ReturnType<typeof createCanvasAccess>;

export type TeacherCanvas = {
  client: CanvasClient;
  instanceUrl: string;
  /** Canvas page links as the teacher's browser must open them (the demo is reached internally). */
  toPublicUrl(url: string): string;
};

/**
 * The only way modules reach Canvas: checks the address, decrypts the teacher's token on the server,
 * and builds the one Canvas client. The token never leaves this module in clear.
 */
export function createCanvasAccess(
  config: Config,
  tokens: CanvasTokenStore,
  oauthSetup: CanvasOAuthSetup | null,
  log: { warn(object: object, message: string): void } = { warn: () => undefined },
  institutions: CanvasInstitutions = NO_INSTITUTIONS,
) {
  const key = deriveKey(config.appSecret, 'canvas-token');
  const demoUrl = config.demoCanvas ? demoCanvasPublicUrl(config) : null;
  const policy = { allowPrivateHosts: config.canvasAllowPrivateHosts };
  /**
   * Every Canvas request and redirect hop is checked against the URL rule, at connect time too.
   * Only the demo Canvas's own client may reach the app's loopback address: a teacher's Canvas
   * address, or a redirect from it, pointing at Margin itself is refused like any private one.
   */
  const network = createCanvasNetwork(policy);
  const demoNetwork = config.demoCanvas
    ? createCanvasNetwork({ ...policy, allowedOrigins: [demoCanvasInternalUrl(config)] })
    : null;

  /** The demo Canvas is reached on loopback; every other address must pass the URL guard. */
  async function reach(instanceUrl: string): Promise<{ baseUrl: string; network: CanvasNetwork }> {
    if (demoUrl && demoNetwork && instanceUrl === demoUrl)
      return { baseUrl: demoCanvasInternalUrl(config), network: demoNetwork };
    await assertCanvasUrlAllowed(instanceUrl, policy);
    return { baseUrl: instanceUrl, network };
  }

  const open = (sealed: string) => {
    try {
      return decrypt(key, sealed);
    } catch (error) {
      // APP_SECRET changed since the token was saved: the teacher has to connect again.
      throw new AppError(
        'CANVAS_TOKEN_INVALID',
        'Your saved Canvas token can no longer be read. Please connect Canvas again in Settings.',
        { cause: error },
      );
    }
  };

  const installationKey: CanvasOAuthKey | null = oauthSetup ? { ...oauthSetup, institution: null } : null;

  /** The institution's key when its Canvas URL, client id and secret are all set; the secret opened here. */
  function institutionKey(settings: InstitutionCanvasSettings): CanvasOAuthKey | null {
    if (!settings.canvasUrl || !settings.canvasClientId || !settings.canvasClientSecret) return null;
    let clientSecret;
    try {
      clientSecret = decrypt(key, settings.canvasClientSecret);
    } catch {
      // APP_SECRET changed since the admin saved it: as if no key were set until she enters it again.
      log.warn({ institutionId: settings.id }, "An institution's Canvas developer key secret can no longer be read");
      return null;
    }
    return {
      canvasUrl: settings.canvasUrl,
      clientId: settings.canvasClientId,
      clientSecret,
      enforcesScopes: settings.canvasEnforcesScopes,
      institution: { id: settings.id, name: settings.name },
    };
  }

  /** The key Connect with Canvas uses for a teacher of this institution (or of none): its key, else the installation's. */
  const oauthKeyForInstitution = (institution: InstitutionCanvasSettings | null): CanvasOAuthKey | null =>
    (institution ? institutionKey(institution) : null) ?? installationKey;

  /** The key Connect with Canvas uses for this teacher now: her institution's, else the installation's, else none. */
  async function oauthKeyFor(userId: string): Promise<CanvasOAuthKey | null> {
    return oauthKeyForInstitution(await institutions.of(userId));
  }

  /**
   * The key a connection or a pending state was made with (the institution's id, or null for the
   * installation's), even if the teacher has left the institution since; null when it is gone.
   */
  async function oauthKeyOf(institutionId: string | null): Promise<CanvasOAuthKey | null> {
    if (institutionId === null) return installationKey;
    const institution = await institutions.byId(institutionId);
    return institution ? institutionKey(institution) : null;
  }

  async function oauthClientFor(instanceUrl: string, key: CanvasDeveloperKey): Promise<CanvasOAuthClient> {
    const { baseUrl, network } = await reach(instanceUrl);
    return createCanvasOAuthClient({ baseUrl, network, key });
  }

  /**
   * Deletes a stored OAuth2 access token at the Canvas that issued it (`DELETE /login/oauth2/token`):
   * the token itself is the credential, so this works even when its developer key is gone.
   */
  async function revokeOAuthToken(instanceUrl: string, sealedAccessToken: string): Promise<boolean> {
    const { baseUrl, network } = await reach(instanceUrl);
    return revokeCanvasToken({ baseUrl, network }, open(sealedAccessToken));
  }

  /** Ends the connection here after a refused renewal: the tokens go, the reason stays for Reconnect. */
  const refusedValues = (problem: string) => ({
    canvasAccessToken: null,
    canvasRefreshToken: null,
    canvasTokenExpiresAt: null,
    canvasTokenRefreshAt: null,
    canvasConnectionProblem: problem,
  });

  /** Renewals in flight on this instance, by teacher: parallel requests wait for the same one. */
  const renewals = new Map<string, Promise<string>>();

  /**
   * A new access token from the refresh token, under the profile's row lock. A caller whose token was
   * already replaced (by another request or instance) gets the new one without asking Canvas again.
   * A refusal ends the connection: the tokens go, the reason stays for the Reconnect button.
   */
  async function renewLocked(userId: string, stale: string): Promise<string> {
    // The key is looked up before the lock: nothing else may query while the row lock's transaction holds
    // the connection (PGlite has one).
    const before = await tokens.find(userId);
    const keySource = before?.oauthInstitutionId ?? null;
    const developerKey = await oauthKeyOf(keySource);
    const outcome = await tokens.withLockedConnection(userId, async (connection, save) => {
      if (!connection || connection.method !== 'oauth' || !connection.instanceUrl || !connection.sealedRefreshToken)
        return { kind: 'refused' as const, problem: connection?.problem ?? null };
      if (connection.problem) return { kind: 'refused' as const, problem: connection.problem };
      const current = connection.sealedAccessToken ? open(connection.sealedAccessToken) : null;
      if (current && current !== stale) return { kind: 'renewed' as const, token: current };
      // Connected again meanwhile, with another key: the new connection's token was not the one refused.
      if (connection.oauthInstitutionId !== keySource) return { kind: 'refused' as const, problem: null };
      if (!developerKey) {
        const problem = connection.oauthInstitutionId ? KEY_GONE.institution : KEY_GONE.installation;
        // The grant still stands at Canvas: its token is deleted there before Margin lets go of it.
        if (connection.sealedAccessToken)
          await revokeOAuthToken(connection.instanceUrl, connection.sealedAccessToken).catch((error: unknown) =>
            log.warn({ err: error, userId }, 'Could not delete the Canvas token of a removed developer key'),
          );
        await save(refusedValues(problem));
        log.warn(
          { userId, institutionId: connection.oauthInstitutionId },
          'The developer key of an OAuth2 connection is no longer set up',
        );
        return { kind: 'refused' as const, problem };
      }
      const client = await oauthClientFor(connection.instanceUrl, developerKey);
      try {
        const issued = await client.refresh(open(connection.sealedRefreshToken));
        const now = new Date();
        await save({
          canvasAccessToken: encrypt(key, issued.accessToken),
          canvasTokenExpiresAt: new Date(now.getTime() + issued.expiresInSeconds * 1000),
          canvasTokenRefreshAt: refreshMomentFor(now, issued.expiresInSeconds),
        });
        return { kind: 'renewed' as const, token: issued.accessToken };
      } catch (error) {
        if (!(error instanceof CanvasGrantRefused)) throw error;
        const problem = GRANT_REFUSALS[error.reason];
        await save(refusedValues(problem));
        log.warn(
          { userId, reason: error.reason, institutionId: connection.oauthInstitutionId },
          'Canvas refused to renew an OAuth2 connection',
        );
        return { kind: 'refused' as const, problem };
      }
    });
    if (outcome.kind === 'refused')
      throw outcome.problem
        ? reconnectError(outcome.problem)
        : new AppError('CANVAS_NOT_CONNECTED', CANVAS_NOT_CONFIGURED);
    return outcome.token;
  }

  function renew(userId: string, stale: string): Promise<string> {
    const inFlight = renewals.get(userId);
    if (inFlight) return inFlight;
    const renewal = renewLocked(userId, stale).finally(() => renewals.delete(userId));
    renewals.set(userId, renewal);
    return renewal;
  }

  async function oauthToken(userId: string, connection: StoredCanvasConnection): Promise<string> {
    if (connection.problem) throw reconnectError(connection.problem);
    if (!connection.sealedAccessToken) throw new AppError('CANVAS_NOT_CONNECTED', CANVAS_NOT_CONFIGURED);
    const token = open(connection.sealedAccessToken);
    const isDue = connection.refreshAt !== null && connection.refreshAt.getTime() <= Date.now();
    return isDue ? renew(userId, token) : token;
  }

  return {
    normalize: normalizeCanvasUrl,
    seal: (token: string) => encrypt(key, token),
    oauthKeyFor,
    oauthKeyForInstitution,
    oauthKeyOf,
    oauthClientFor,
    revokeOAuthToken,
    /** A sealed token or secret in clear (the institution's AI key too). */
    open,
    renew,
    /** Closes the Canvas connection pool (app shutdown). */
    close: async () => {
      await Promise.all([network.close(), demoNetwork?.close()]);
    },

    async clientForCredentials(
      instanceUrl: string,
      token: string,
      renewToken?: (rejected: string) => Promise<string>,
    ): Promise<TeacherCanvas> {
      const { baseUrl, network } = await reach(instanceUrl);
      return {
        client: createCanvasClient({ baseUrl, token, network, ...(renewToken ? { renewToken } : {}) }),
        instanceUrl,
        toPublicUrl: (url) =>
          baseUrl !== instanceUrl && url.startsWith(baseUrl) ? instanceUrl + url.slice(baseUrl.length) : url,
      };
    },

    /**
     * The signed-in teacher's Canvas client; CANVAS_NOT_CONNECTED when none is saved. An OAuth2
     * connection is renewed before its token lapses and once more if Canvas refuses the token.
     */
    async clientFor(userId: string): Promise<TeacherCanvas> {
      const connection = await tokens.find(userId);
      const instanceUrl = connection?.instanceUrl;
      if (!connection || !instanceUrl) {
        const institutionName = await institutions.administeredBy(userId);
        if (institutionName) throw adminNotTeaching(institutionName);
        throw new AppError('CANVAS_NOT_CONNECTED', CANVAS_NOT_CONFIGURED);
      }
      if (connection.method === 'oauth') {
        const token = await oauthToken(userId, connection);
        return this.clientForCredentials(instanceUrl, token, (rejected) => renew(userId, rejected));
      }
      if (!connection.sealedAccessToken) throw new AppError('CANVAS_NOT_CONNECTED', CANVAS_NOT_CONFIGURED);
      return this.clientForCredentials(instanceUrl, open(connection.sealedAccessToken));
    },
  };
}
