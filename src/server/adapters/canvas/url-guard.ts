import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '@/server/core/app-error';
import { normalizeCanvasUrl } from '@/shared/canvas-url';
import { isPublicAddress } from './ip-ranges';

/** The setup page's URL rule lives in src/shared so the browser applies the same one. */
export { normalizeCanvasUrl };

export interface CanvasUrlPolicy {
  /** Development and tests: allow http and private or loopback hosts. */
  allowPrivateHosts: boolean;
  /** Origins always allowed, whatever they resolve to (the app's own demo Canvas). */
  allowedOrigins?: readonly string[];
  /** DNS lookup, injectable for tests; returns every address of the host. */
  resolveHost?: (hostname: string) => Promise<string[]>;
}

/** Host names that never belong to a school's Canvas. */
const PRIVATE_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$|^metadata$/i;

/**
 * Refuses Canvas URLs that would turn the server against its own network: anything but https to a
 * host whose every address is public. CanvasHttp runs it on every request and every redirect hop;
 * a host that changes its DNS answer after this check (DNS rebinding) is caught by the connection
 * pool's own lookup, which applies the same address rule at connect time (canvas-network.ts).
 */
export async function assertCanvasUrlAllowed(url: string, policy: CanvasUrlPolicy): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw refused(
      'That is not a valid web address. Enter your Canvas address, for example https://school.instructure.com.',
      'invalid',
    );
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw refused('The Canvas address must start with https://.', 'scheme');
  }
  if (parsed.username || parsed.password) {
    throw refused('The Canvas address must not contain a user name or password.', 'credentials');
  }
  const allowedOrigins = new Set((policy.allowedOrigins ?? []).map(originOf).filter((origin) => origin !== null));
  if (allowedOrigins.has(parsed.origin) || policy.allowPrivateHosts) return;
  if (parsed.protocol !== 'https:') {
    throw refused('The Canvas address must use https:// so that your access token is sent encrypted.', 'scheme');
  }

  const hostname = parsed.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(hostname)) {
    if (!isPublicAddress(hostname)) throw privateAddress();
    return;
  }
  if (PRIVATE_NAME.test(hostname)) throw privateAddress();

  let addresses: string[];
  try {
    addresses = await (policy.resolveHost ?? resolveWithDns)(hostname);
  } catch (error) {
    throw refused(
      `Margin could not find ${hostname}. Check the spelling of your Canvas address.`,
      'unresolvable',
      error,
    );
  }
  if (addresses.length === 0)
    throw refused(`Margin could not find ${hostname}. Check the spelling of your Canvas address.`, 'unresolvable');
  if (!addresses.every(isPublicAddress)) throw privateAddress();
}

export async function resolveWithDns(hostname: string): Promise<string[]> {
  return (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);
}

function originOf(value: string): string | null {
  try {
    return new URL(normalizeCanvasUrl(value)).origin;
  } catch {
    return null;
  }
}

export function privateAddress(): AppError {
  return refused(
    'That address points to a private or local network. Margin only connects to Canvas sites on the public internet.',
    'private_address',
  );
}

export function refused(message: string, reason: string, cause?: unknown): AppError {
  return new AppError('CANVAS_URL_REFUSED', message, { details: { reason }, cause });
}
