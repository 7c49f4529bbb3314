import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';

/** Where a Canvas platform signs launches from and publishes its keys. */
export type Platform = { issuer: string; authorizeUrl: string; jwksUrl: string };

/**
 * The platform of an institution's Canvas address. Instructure-hosted Canvas (`*.instructure.com`)
 * signs as `https://canvas.instructure.com` (beta and test have their own issuer) with its keys and
 * authorization endpoint at sso.canvaslms.com; a self-hosted Canvas (and the demo Canvas) is its own
 * issuer and serves both under its own address (shared/reference/canvas-api.md, LTI).
 */
export function platformOf(canvasUrl: string): Platform {
  const host = new URL(canvasUrl).hostname.toLowerCase();
  if (host === 'instructure.com' || host.endsWith('.instructure.com')) {
    const environment = /\.(beta|test)\.instructure\.com$/.exec(host)?.[1];
    const sso = environment ? `https://sso.${environment}.canvaslms.com` : 'https://sso.canvaslms.com';
    return {
      issuer: environment ? `https://canvas.${environment}.instructure.com` : 'https://canvas.instructure.com',
      authorizeUrl: `${sso}/api/lti/authorize_redirect`,
      jwksUrl: `${sso}/api/lti/security/jwks`,
    };
  }
  return {
    issuer: canvasUrl,
    authorizeUrl: `${canvasUrl}/api/lti/authorize_redirect`,
    jwksUrl: `${canvasUrl}/api/lti/security/jwks`,
  };
}

/**
 * Each platform's published keys, fetched once and kept (10 minutes); a token signed with a key id
 * the kept set lacks fetches the set again, at most once a second, so a rotated Canvas key works at
 * once and forged key ids cannot make Margin hammer Canvas.
 */
export function createPlatformKeys(): (jwksUrl: string) => JWTVerifyGetKey {
  const sets = new Map<string, JWTVerifyGetKey>();
  return (jwksUrl) => {
    let set = sets.get(jwksUrl);
    if (!set) {
      set = createRemoteJWKSet(new URL(jwksUrl), {
        cooldownDuration: 1_000,
        cacheMaxAge: 600_000,
        timeoutDuration: 10_000,
      });
      sets.set(jwksUrl, set);
    }
    return set;
  };
}

export type PlatformKeys = ReturnType<typeof createPlatformKeys>;
