import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The key every per-address limit counts under. An IPv4 address is its own key. An IPv6 client is
 * keyed by its /64: one subscriber line or one host is given a whole /64 and may pick any address in
 * it, so counting each address alone let 40 sign-ups from one /64 pass a limit of 30. An
 * IPv4-mapped address (`::ffff:192.0.2.1`) counts as the IPv4 address it carries.
 */
export function addressLimitKey(address: string): string {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  const groups = ipv6Groups(bare);
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The client's address as the per-address limits count it (`request.ip`, through a trusted proxy). */
export function clientAddressOf(request: FastifyRequest): string {
  return addressLimitKey(request.ip);
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded and a trailing IPv4 part split in two. */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (isIPv4(tail)) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::', 2);
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const before = parse(head);
  if (rest === undefined) return before;
  const after = parse(rest);
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}
