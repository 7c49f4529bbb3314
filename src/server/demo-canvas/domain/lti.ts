import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';

/** The client id of Margin's LTI key in the demo Canvas (what an admin copies into Margin). */
export const DEMO_LTI_CLIENT_ID = '10000000000042';
/** The deployment id of Margin installed in the demo Canvas's account. */
export const DEMO_LTI_DEPLOYMENT_ID = '42:8865aa05b4b79b64a91a86042e43af5ea8ae79eb';

type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: Record<string, unknown> };

/**
 * The demo Canvas as an LTI 1.3 platform: its RS256 signing keys (made on first use; `rotateKey()`
 * publishes a new one beside the old, as Canvas does), Margin's LTI key and its deployment, and
 * where Margin is (`toolUrl`, set by whoever serves both).
 */
export class DemoLti {
  clientId = DEMO_LTI_CLIENT_ID;
  deploymentId = DEMO_LTI_DEPLOYMENT_ID;
  /** Margin's address: its login initiation is `${toolUrl}/api/lti/login`, its launch `${toolUrl}/api/lti/launch`. */
  toolUrl: string | null = null;
  private readonly keys: SigningKey[] = [];
  private making: Promise<SigningKey> | null = null;

  private async makeKey(): Promise<SigningKey> {
    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const kid = `demo-canvas-${randomUUID()}`;
    const key = { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' } };
    this.keys.push(key);
    return key;
  }

  /** The key launches are signed with now. */
  async currentKey(): Promise<SigningKey> {
    const latest = this.keys.at(-1);
    if (latest) return latest;
    this.making ??= this.makeKey();
    return this.making;
  }

  async rotateKey(): Promise<void> {
    await this.currentKey();
    await this.makeKey();
  }

  async jwks() {
    await this.currentKey();
    return { keys: this.keys.map((key) => key.publicJwk) };
  }

  /**
   * An id_token with these claims under the current key's id, signed by a key this Canvas never
   * published: what a forger would send (the course page's broken launches).
   */
  async signWithUnpublishedKey(claims: JWTPayload): Promise<string> {
    const { kid } = await this.currentKey();
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, exp: now + 3600, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(privateKey);
  }

  /** An id_token with these claims, signed by the current key (one hour, as Canvas's). */
  async sign(claims: JWTPayload): Promise<string> {
    const key = await this.currentKey();
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ iat: now, exp: now + 3600, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  }
}
