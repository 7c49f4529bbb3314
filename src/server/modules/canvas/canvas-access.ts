import { normalizeCanvasUrl } from '@/shared/canvas-url';
import { AppError } from '@/server/core/app-error';
import { decrypt, deriveKey, encrypt } from '@/server/core/crypto';
import type { Config } from '@/server/config';
import {
  assertCanvasUrlAllowed,
  createCanvasClient,
  createCanvasNetwork,
  type CanvasClient,
  type CanvasNetwork,
} from '@/server/adapters/canvas';
import type { ProfileStore } from '@/server/modules/profile/profile-store';
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
export function createCanvasAccess(config: Config, profiles: ProfileStore) {
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

  return {
    normalize: normalizeCanvasUrl,
    seal: (token: string) => encrypt(key, token),
    /** Closes the Canvas connection pool (app shutdown). */
    close: async () => {
      await Promise.all([network.close(), demoNetwork?.close()]);
    },

    async clientForCredentials(instanceUrl: string, token: string): Promise<TeacherCanvas> {
      const { baseUrl, network } = await reach(instanceUrl);
      return {
        client: createCanvasClient({ baseUrl, token, network }),
        instanceUrl,
        toPublicUrl: (url) =>
          baseUrl !== instanceUrl && url.startsWith(baseUrl) ? instanceUrl + url.slice(baseUrl.length) : url,
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
        throw new AppError(
          'CANVAS_TOKEN_INVALID',
          'Your saved Canvas token can no longer be read. Please connect Canvas again in Settings.',
          {
            cause: error,
          },
        );
      }
      return this.clientForCredentials(instanceUrl, token);
    },
  };
}
