import { fetch as undiciFetch } from 'undici';
import { AppError } from '@/server/core/app-error';
import {
  assertCanvasUrlAllowed,
  createCanvasNetwork,
  PrivateAddressAtConnectError,
  type CanvasUrlPolicy,
} from '@/server/adapters/canvas';

/**
 * A `fetch` for an AI server whose address someone other than the operator chose (an institution's,
 * decision 063): every call is held to the rule Canvas addresses follow (https to a host whose
 * every address is public), checked again at the call and at connect time, through the same kind of
 * guarded connection pool as Canvas (`canvas-network.ts`). A name that resolved to a public address
 * when the admin saved it and to a private one now (DNS rebinding) is refused before any byte of
 * student work or the institution's key leaves the server. Redirects are not followed.
 */
export type PublicAddressFetch = {
  fetch: typeof globalThis.fetch;
  close(): Promise<void>;
};

export function createPublicAddressFetch(policy: CanvasUrlPolicy): PublicAddressFetch {
  const network = createCanvasNetwork(policy);

  const guardedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const host = hostOf(url);
    try {
      await assertCanvasUrlAllowed(url, network.policy);
    } catch (error) {
      throw addressRefused(host, error);
    }
    let response: Response;
    try {
      response = (await undiciFetch(url, {
        ...(init as object),
        redirect: 'manual',
        dispatcher: network.dispatcher,
      } as Parameters<typeof undiciFetch>[1])) as unknown as Response;
    } catch (error) {
      if (hasCause(error, PrivateAddressAtConnectError)) throw addressRefused(host, error);
      throw error;
    }
    if (response.status >= 300 && response.status < 400 && response.headers.has('location')) {
      await response.body?.cancel().catch(() => undefined);
      throw new AppError(
        'AI_FAILED',
        `Margin did not send this work to your institution's AI server: ${host} answered with a redirect to another address, which Margin does not follow. Your institution's administrator can check the AI server address in the institution's settings.`,
        { details: { reason: 'redirect' } },
      );
    }
    return response;
  };

  return { fetch: guardedFetch as typeof globalThis.fetch, close: () => network.close() };
}

function addressRefused(host: string, cause: unknown): AppError {
  return new AppError(
    'AI_FAILED',
    `Margin did not send this work to your institution's AI server: its address (${host}) now leads to a private or local network, or not over https. Your institution's administrator can check the AI server address in the institution's settings.`,
    { details: { reason: 'private_address' }, cause },
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'the saved address';
  }
}

function hasCause(error: unknown, type: abstract new (...args: never[]) => Error): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 6; depth += 1) {
    if (current instanceof type) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}
