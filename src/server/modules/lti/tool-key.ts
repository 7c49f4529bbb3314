import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair } from 'jose';
import type { LtiStore } from './lti-store';

/**
 * Margin's own RS256 key as an LTI tool, generated on first use and stored with its private half
 * sealed; every instance then serves the same public key at /api/lti/jwks.
 */
export async function toolPublicKey(store: LtiStore, seal: (plaintext: string) => string) {
  const stored = await store.toolKey();
  if (stored) return stored.publicJwk;
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256' };
  await store.keepToolKey({ kid, publicJwk, sealedPrivateJwk: seal(JSON.stringify(privateJwk)) });
  // Another instance may have stored its key first: serve the one kept.
  return (await store.toolKey())!.publicJwk;
}
