import { randomBytes } from 'node:crypto';
import type { DemoAccessToken, DemoUser } from '../model';
import { iso } from '../time';

/** A developer key as a Canvas admin issues it: client id and secret, the allowed redirect URIs. */
export interface DemoDeveloperKey {
  clientId: string;
  clientSecret: string;
  name: string;
  /** Redirect URIs whose host (or a subdomain of it) may receive codes; null accepts any (the built-in key). */
  redirectUris: string[] | null;
  /** With scopes enforced, a token only reaches the endpoints named in its `scope`. */
  enforcesScopes: boolean;
  isDeleted: boolean;
}

/** One user's authorisation of one key: the refresh token and the access token currently issued from it. */
export interface DemoOAuthGrant {
  id: string;
  clientId: string;
  userId: number;
  refreshToken: string;
  accessToken: string;
  /** `url:GET|/api/v1/courses` entries; null when the key does not enforce scopes. */
  scopes: string[] | null;
  isRevoked: boolean;
  createdAt: string;
}

interface DemoAuthorizationCode {
  clientId: string;
  userId: number;
  redirectUri: string;
  scopes: string[] | null;
  expiresAt: number;
}

/** Canvas's OAuth2 error answer: `{ error, error_description }` with the status Canvas uses for it. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export interface IssuedToken {
  access_token: string;
  token_type: 'Bearer';
  user: { id: number; name: string; global_id: string; effective_locale: string };
  refresh_token?: string;
  expires_in: number;
}

/** A code is single-use and short-lived (Canvas keeps it ten minutes). */
const CODE_LIFETIME_MS = 10 * 60 * 1000;
const SCOPE_PATTERN = /^url:(GET|PUT|POST|DELETE|PATCH)\|(\/api\/v1\/[\w/:.-]+)$/;

const newToken = () => `1~${randomBytes(36).toString('base64url')}`;

/**
 * The OAuth2 side of the demo Canvas: developer keys, authorisation codes, grants with their refresh
 * tokens, and the access tokens they issue (which expire after `accessTokenLifetimeSeconds`).
 */
export class DemoOAuth {
  readonly developerKeys = new Map<string, DemoDeveloperKey>();
  readonly grants = new Map<string, DemoOAuthGrant>();
  /** Every token request with its grant type and outcome, oldest first (tests count refreshes). */
  readonly tokenRequests: Array<{ grantType: string; outcome: 'issued' | 'refused' }> = [];
  /** Canvas issues hour-long access tokens; a test may shorten them. */
  accessTokenLifetimeSeconds = 3600;
  private readonly codes = new Map<string, DemoAuthorizationCode>();

  constructor(
    private readonly accessTokens: Map<string, DemoAccessToken>,
    private readonly users: Map<number, DemoUser>,
  ) {}

  addDeveloperKey(key: Omit<DemoDeveloperKey, 'isDeleted'> & { isDeleted?: boolean }): DemoDeveloperKey {
    const stored = { ...key, isDeleted: key.isDeleted ?? false };
    this.developerKeys.set(key.clientId, stored);
    return stored;
  }

  /** The key the authorize page and the token endpoint accept; unknown and deleted keys are refused. */
  activeKey(clientId: string | undefined): DemoDeveloperKey {
    const key = clientId ? this.developerKeys.get(clientId) : undefined;
    if (!key || key.isDeleted) throw new OAuthError(401, 'invalid_client', 'unknown client');
    return key;
  }

  /** The checks of `GET /login/oauth2/auth` before the page is shown (the redirect URI's host). */
  checkRedirectUri(key: DemoDeveloperKey, redirectUri: string | undefined): string {
    let target: URL;
    try {
      target = new URL(redirectUri ?? '');
    } catch {
      throw new OAuthError(400, 'invalid_request', 'redirect_uri does not match client settings');
    }
    if (key.redirectUris === null) return target.toString();
    const allowed = key.redirectUris.some((uri) => {
      const host = new URL(uri).hostname;
      return target.hostname === host || target.hostname.endsWith(`.${host}`);
    });
    if (!allowed) throw new OAuthError(400, 'invalid_request', 'redirect_uri does not match client settings');
    return redirectUri!;
  }

  /** The requested scopes, when the key enforces them; every entry must be well formed. */
  parseScopes(key: DemoDeveloperKey, scope: string | undefined): string[] | null {
    if (!key.enforcesScopes) return null;
    const scopes = (scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((entry) => !SCOPE_PATTERN.test(entry)))
      throw new OAuthError(400, 'invalid_scope', 'A requested scope is invalid.');
    return scopes;
  }

  /** The user clicked Authorize: a code for the redirect. */
  issueCode(clientId: string, userId: number, redirectUri: string, scopes: string[] | null, now = Date.now()): string {
    const code = randomBytes(24).toString('hex');
    this.codes.set(code, { clientId, userId, redirectUri, scopes, expiresAt: now + CODE_LIFETIME_MS });
    return code;
  }

  /** `grant_type=authorization_code`: the code is spent whether or not the exchange succeeds. */
  exchangeCode(
    params: { clientId?: string; clientSecret?: string; code?: string; redirectUri?: string },
    now = Date.now(),
  ): IssuedToken {
    const key = this.authenticateClient(params.clientId, params.clientSecret);
    const code = params.code ? this.codes.get(params.code) : undefined;
    if (params.code) this.codes.delete(params.code);
    if (!code || code.expiresAt <= now || code.clientId !== key.clientId || code.redirectUri !== params.redirectUri)
      return this.refuse('authorization_code', 'authorization_code not found');
    const grant: DemoOAuthGrant = {
      id: randomBytes(8).toString('hex'),
      clientId: key.clientId,
      userId: code.userId,
      refreshToken: newToken(),
      accessToken: '',
      scopes: code.scopes,
      isRevoked: false,
      createdAt: iso(new Date(now)),
    };
    this.grants.set(grant.id, grant);
    return { ...this.issueAccessToken(grant, now, 'authorization_code'), refresh_token: grant.refreshToken };
  }

  /** `grant_type=refresh_token`: a new access token, the same refresh token (Canvas sends none back). */
  refresh(params: { clientId?: string; clientSecret?: string; refreshToken?: string }, now = Date.now()): IssuedToken {
    const key = this.authenticateClient(params.clientId, params.clientSecret);
    const grant = [...this.grants.values()].find(
      (candidate) => candidate.refreshToken === params.refreshToken && candidate.clientId === key.clientId,
    );
    if (!grant || grant.isRevoked) return this.refuse('refresh_token', 'refresh_token not found');
    return this.issueAccessToken(grant, now, 'refresh_token');
  }

  /** `DELETE /login/oauth2/token`, or the user removing the integration in Canvas: the grant ends. */
  revokeGrant(grantId: string): void {
    const grant = this.grants.get(grantId);
    if (!grant) return;
    grant.isRevoked = true;
    const record = this.accessTokens.get(grant.accessToken);
    if (record) record.revoked = true;
  }

  /** Whether a token's grant still stands: its key not deleted and the user's access not revoked. */
  grantStands(grantId: string): boolean {
    const grant = this.grants.get(grantId);
    return !!grant && !grant.isRevoked && !this.developerKeys.get(grant.clientId)?.isDeleted;
  }

  /** With scopes, only the listed endpoints answer (`:name` segments match any value, `.json` allowed). */
  allows(grantId: string, method: string, path: string): boolean {
    const scopes = this.grants.get(grantId)?.scopes;
    if (!scopes) return true;
    return scopes.some((scope) => {
      const match = SCOPE_PATTERN.exec(scope);
      if (!match || match[1] !== method) return false;
      const pattern = match[2]!.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+');
      return new RegExp(`^${pattern}(\\.json)?$`).test(path);
    });
  }

  private authenticateClient(clientId: string | undefined, clientSecret: string | undefined): DemoDeveloperKey {
    const key = this.activeKey(clientId);
    if (key.clientSecret !== clientSecret) throw new OAuthError(401, 'invalid_client', 'invalid client');
    return key;
  }

  private refuse(grantType: string, description: string): never {
    this.tokenRequests.push({ grantType, outcome: 'refused' });
    throw new OAuthError(400, 'invalid_grant', description);
  }

  private issueAccessToken(grant: DemoOAuthGrant, now: number, grantType: string): IssuedToken {
    // The grant's earlier access token stops working: Canvas regenerates the one token of a grant.
    this.accessTokens.delete(grant.accessToken);
    grant.accessToken = newToken();
    this.accessTokens.set(grant.accessToken, {
      userId: grant.userId,
      expiresAt: iso(new Date(now + this.accessTokenLifetimeSeconds * 1000)),
      revoked: false,
      grantId: grant.id,
    });
    this.tokenRequests.push({ grantType, outcome: 'issued' });
    const user = this.users.get(grant.userId)!;
    return {
      access_token: grant.accessToken,
      token_type: 'Bearer',
      user: { id: user.id, name: user.name, global_id: `10000000${user.id}`, effective_locale: 'en' },
      expires_in: this.accessTokenLifetimeSeconds,
    };
  }
}
