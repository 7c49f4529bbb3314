import { isIPv6, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { isPublicAddress } from './ip-ranges';
import { resolveWithDns, type CanvasUrlPolicy } from './url-guard';

/**
 * Raised inside a connection attempt when the host's address, looked up at connect time, is not
 * public. CanvasHttp turns it into the guard's "private or local network" refusal.
 */
export class PrivateAddressAtConnectError extends Error {
  override name = 'PrivateAddressAtConnectError';
  readonly code = 'ERR_CANVAS_PRIVATE_ADDRESS';
}

/**
 * How the server reaches Canvas: the URL rule every hop is checked against, and the connection
 * pool whose DNS lookup applies the same address rule at connect time. The address a socket
 * connects to is the one that lookup checked, so a host that changes its DNS answer after the
 * URL check (DNS rebinding) is still refused. One per app; tests make their own.
 */
export interface CanvasNetwork {
  readonly policy: CanvasUrlPolicy;
  readonly dispatcher: Agent;
  close(): Promise<void>;
}

export function createCanvasNetwork(policy: CanvasUrlPolicy): CanvasNetwork {
  const resolve = policy.resolveHost ?? resolveWithDns;
  const exemptHosts = new Set((policy.allowedOrigins ?? []).map(hostnameOf).filter((host) => host !== null));

  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const addresses = found.filter((address) => family === 0 || familyOf(address) === family);
        if (addresses.length === 0) {
          callback(
            Object.assign(new Error(`No address found for ${hostname}`), { code: 'ENOTFOUND', hostname }),
            '',
            4,
          );
          return;
        }
        if (
          !policy.allowPrivateHosts &&
          !exemptHosts.has(hostname.toLowerCase()) &&
          !addresses.every(isPublicAddress)
        ) {
          callback(
            new PrivateAddressAtConnectError(`${hostname} resolved to a private or local address at connect time`),
            '',
            4,
          );
          return;
        }
        if (options.all) {
          (callback as unknown as (error: null, entries: Array<{ address: string; family: number }>) => void)(
            null,
            addresses.map((address) => ({ address, family: familyOf(address) })),
          );
        } else {
          callback(null, addresses[0]!, familyOf(addresses[0]!));
        }
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, '', 4),
    );
  };

  const dispatcher = new Agent({ connect: { lookup }, connections: 32, keepAliveTimeout: 4_000 });
  return { policy, dispatcher, close: () => dispatcher.close() };
}

function familyOf(address: string): 4 | 6 {
  return isIPv6(address) ? 6 : 4;
}

function hostnameOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return null;
  }
}
