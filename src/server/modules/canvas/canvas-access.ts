import { normalizeCanvasUrl } from '@/shared/canvas-url';
import { AppError } from '@/server/core/app-error';
import { decrypt, deriveKey, encrypt } from '@/server/core/crypto';
import type { Config } from '@/server/config';
import type { Database } from '@/server/db/connection';
import { assertCanvasUrlAllowed, createCanvasClient, createCanvasNetwork, type CanvasClient } from '@/server/adapters/canvas';
import { createProfileStore } from '@/server/modules/profile/profile-store';
import { demoCanvasInternalUrl, demoCanvasPublicUrl } from './demo-canvas-address';

export const CANVAS_NOT_CONFIGURED = 'Canvas credentials not configured';

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
export function createCanvasAccess(config: Config, db: Database) {
  const key = deriveKey(config.appSecret, 'canvas-token');
  const profiles = createProfileStore(db);
  const demoUrl = config.demoCanvas ? demoCanvasPublicUrl(config) : null;
  const policy = {
    allowPrivateHosts: config.canvasAllowPrivateHosts,
    allowedOrigins: config.demoCanvas ? [demoCanvasInternalUrl(config)] : [],
  };
  /** Every Canvas request and redirect hop is checked against `policy`, at connect time too. */
  const network = createCanvasNetwork(policy);

  /** The demo Canvas is reached on loopback; every other address must pass the URL guard. */
  async function baseUrlFor(instanceUrl: string): Promise<string> {
    if (demoUrl && instanceUrl === demoUrl) return demoCanvasInternalUrl(config);
    await assertCanvasUrlAllowed(instanceUrl, policy);
    return instanceUrl;
  }

  return {
    normalize: normalizeCanvasUrl,
    seal: (token: string) => encrypt(key, token),
    /** Closes the Canvas connection pool (app shutdown). */
    close: () => network.close(),

    async clientForCredentials(instanceUrl: string, token: string): Promise<TeacherCanvas> {
      const baseUrl = await baseUrlFor(instanceUrl);
      return {
        client: createCanvasClient({ baseUrl, token, network }),
        instanceUrl,
        toPublicUrl: (url) => (baseUrl !== instanceUrl && url.startsWith(baseUrl) ? instanceUrl + url.slice(baseUrl.length) : url),
      };
    },

    /** The signed-in teacher's Canvas client; CANVAS_NOT_CONNECTED when none is saved. */
    async clientFor(userId: string): Promise<TeacherCanvas> {
      const row = await profiles.find(userId);
      const instanceUrl = row?.profile.canvasInstanceUrl;
      const sealed = row?.profile.canvasAccessToken;
      if (!instanceUrl || !sealed) throw new AppError('CANVAS_NOT_CONNECTED', CANVAS_NOT_CONFIGURED);
      let token: string;
      try {
        token = decrypt(key, sealed);
      } catch (error) {
        // APP_SECRET changed since the token was saved: the teacher has to connect again.
        throw new AppError('CANVAS_TOKEN_INVALID', 'Your saved Canvas token can no longer be read. Please connect Canvas again in Settings.', {
          cause: error,
        });
      }
      return this.clientForCredentials(instanceUrl, token);
    },
  };
}
