import { fetch as undiciFetch } from 'undici';
import { z } from 'zod';
import { AppError } from '@/server/core/app-error';
import type { CanvasNetwork } from './canvas-network';
import { connectionError, timeoutError, unavailableError } from './canvas-errors';
import { assertCanvasUrlAllowed } from './url-guard';
import { MARGIN_CANVAS_SCOPES } from '@/shared/canvas-scopes';

export { MARGIN_CANVAS_SCOPES };

export interface CanvasDeveloperKey {
  clientId: string;
  clientSecret: string;
  /** Ask for MARGIN_CANVAS_SCOPES: only when the key enforces scopes. */
  enforcesScopes: boolean;
}

export interface IssuedCanvasToken {
  accessToken: string;
  /** Only the code exchange sends one; a refresh keeps the one Margin has. */
  refreshToken: string | null;
  expiresInSeconds: number;
  user: { id: number; name: string };
}

/** Canvas refused a code or a refresh token: the teacher has to connect again. */
export class CanvasGrantRefused extends Error {
  override name = 'CanvasGrantRefused';
  constructor(
    /** `invalid_client`: the developer key was deleted or turned off; `invalid_grant`: the access was removed. */
    readonly reason: 'invalid_client' | 'invalid_grant',
  ) {
    super(`Canvas refused the grant: ${reason}`);
  }
}

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().positive().optional(),
  user: z.object({ id: z.number(), name: z.string() }),
});

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export type CanvasOAuthClient = ReturnType<typeof createCanvasOAuthClient>;

/**
 * Canvas's OAuth2 endpoints, server to server: the code exchange, the refresh and the token's
 * deletion. The same URL guard and connection pool as the API client; no redirects are followed
 * (Canvas answers these endpoints directly), and secrets travel only in the POST body.
 */
export function createCanvasOAuthClient(options: TokenEndpointOptions & { key: CanvasDeveloperKey }) {
  const call = tokenEndpoint(options);

  async function grant(form: Record<string, string>): Promise<IssuedCanvasToken> {
    const answer = await call('POST', {
      form: { ...form, client_id: options.key.clientId, client_secret: options.key.clientSecret },
    });
    if (answer.status === 401 || (answer.status === 400 && errorOf(answer.body) === 'invalid_client'))
      throw new CanvasGrantRefused('invalid_client');
    if (answer.status === 400) throw new CanvasGrantRefused('invalid_grant');
    const parsed = answer.status === 200 ? tokenAnswer.safeParse(answer.body) : null;
    if (!parsed?.success)
      throw unavailableError(
        `Canvas did not complete the connection (error ${answer.status}). Please try again in a few minutes.`,
        { reason: answer.status >= 500 ? 'server_error' : 'unexpected_response', canvasStatus: answer.status },
      );
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token ?? null,
      expiresInSeconds: parsed.data.expires_in ?? 3600,
      user: parsed.data.user,
    };
  }

  return {
    /** Where the teacher's browser goes to authorise Margin (`/login/oauth2/auth`). */
    authorizeUrl(publicCanvasUrl: string, redirectUri: string, state: string): string {
      const query = new URLSearchParams({
        client_id: options.key.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        state,
      });
      if (options.key.enforcesScopes) query.set('scope', MARGIN_CANVAS_SCOPES.join(' '));
      return `${publicCanvasUrl.replace(/\/+$/, '')}/login/oauth2/auth?${query}`;
    },
    exchangeCode: (code: string, redirectUri: string) =>
      grant({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    refresh: (refreshToken: string) => grant({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    revoke: (accessToken: string) => revokeCanvasToken(options, accessToken),
  };
}

type TokenEndpointOptions = {
  /** The Canvas root as the server reaches it. */
  baseUrl: string;
  network: CanvasNetwork;
  timeoutMs?: number;
};

/**
 * `DELETE /login/oauth2/token`; true when Canvas confirmed (or the token was already gone). The
 * token deletes itself (Bearer): no key is sent, so it works after the key was removed from Margin.
 */
export async function revokeCanvasToken(options: TokenEndpointOptions, accessToken: string): Promise<boolean> {
  const answer = await tokenEndpoint(options)('DELETE', { bearer: accessToken });
  return answer.status === 200 || answer.status === 401;
}

/** Canvas's `/login/oauth2/token`, called with the URL guard, the pool, a timeout and a capped answer. */
function tokenEndpoint(options: TokenEndpointOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  return async function call(method: 'POST' | 'DELETE', init: { form?: Record<string, string>; bearer?: string }) {
    const url = `${baseUrl}/login/oauth2/token`;
    await assertCanvasUrlAllowed(url, options.network.policy);
    try {
      const response = await undiciFetch(url, {
        method,
        headers: {
          accept: 'application/json',
          ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(init.bearer ? { authorization: `Bearer ${init.bearer}` } : {}),
        },
        body: init.form ? new URLSearchParams(init.form).toString() : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        dispatcher: options.network.dispatcher,
      });
      const text = await readCapped(response);
      return { status: response.status, body: parseJson(text) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') throw timeoutError();
      throw connectionError(new URL(baseUrl).host, error);
    }
  };
}

function errorOf(body: unknown): string | undefined {
  return body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string'
    ? (body as { error: string }).error
    : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function readCapped(response: Awaited<ReturnType<typeof undiciFetch>>): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = (await reader.read()) as ReadableStreamReadResult<Uint8Array>;
    if (done) break;
    total += value.byteLength;
    if (total > MAX_ANSWER_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw unavailableError('Canvas sent an unexpectedly large answer while connecting.', { reason: 'too_large' });
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
