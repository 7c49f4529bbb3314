import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether an IP address is on the public internet. Everything else (loopback, private, link-local,
 * CGNAT, unique-local IPv6, IPv4-mapped IPv6, unspecified, multicast, documentation and reserved
 * ranges, cloud metadata addresses) could point the server at its own network.
 */
export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return isPublicIpv4(ipv4ToNumber(address));
  if (isIPv6(address)) {
    const hextets = parseIpv6(address);
    return hextets !== null && isPublicIpv6(hextets);
  }
  return false;
}

/** [network, prefix length] */
const BLOCKED_IPV4: ReadonlyArray<readonly [string, number]> = [
  ['0.0.0.0', 8], // "this network", 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

function isPublicIpv4(value: number): boolean {
  return !BLOCKED_IPV4.some(([network, bits]) => {
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return (value & mask) >>> 0 === (ipv4ToNumber(network) & mask) >>> 0;
  });
}

function ipv4ToNumber(address: string): number {
  return address.split('.').reduce((value, octet) => ((value << 8) | Number(octet)) >>> 0, 0);
}

function isPublicIpv6(h: number[]): boolean {
  const [h0 = 0, h1 = 0, h2 = 0, h3 = 0, h4 = 0, h5 = 0, h6 = 0, h7 = 0] = h;
  const embeddedIpv4 = ((h6 << 16) | h7) >>> 0;
  const isZero = (...values: number[]) => values.every((v) => v === 0);
  if (isZero(h0, h1, h2, h3)) {
    // All of ::/64: ::, ::1, IPv4-compatible ::a.b.c.d, IPv4-mapped ::ffff:a.b.c.d and
    // IPv4-translated ::ffff:0:a.b.c.d. Nothing public lives there.
    return false;
  }
  if (h0 === 0x64 && h1 === 0xff9b && isZero(h2, h3, h4, h5)) return isPublicIpv4(embeddedIpv4); // NAT64 64:ff9b::/96
  if (h0 === 0x64 && h1 === 0xff9b && h2 === 1) return false; // local-use NAT64 64:ff9b:1::/48
  if (h0 === 0x100 && isZero(h1, h2, h3)) return false; // discard 100::/64
  if (h0 === 0x2001 && (h1 === 0 || h1 === 0xdb8)) return false; // Teredo 2001::/32, documentation 2001:db8::/32
  if (h0 === 0x2002) return isPublicIpv4(((h1 << 16) | h2) >>> 0); // 6to4 embeds an IPv4 address
  if ((h0 & 0xfe00) === 0xfc00) return false; // unique local fc00::/7 (AWS metadata fd00:ec2::254)
  if ((h0 & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
  if ((h0 & 0xffc0) === 0xfec0) return false; // site-local fec0::/10
  if ((h0 & 0xff00) === 0xff00) return false; // multicast ff00::/8
  return true;
}

/** Eight 16-bit groups, or null if the text is not an IPv6 address. */
function parseIpv6(address: string): number[] | null {
  let text = address.split('%')[0] ?? '';
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!isIPv4(tail)) return null;
    const value = ipv4ToNumber(tail);
    text = `${text.slice(0, lastColon + 1)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const hextets = all.map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? Number.parseInt(group, 16) : Number.NaN));
  return hextets.some(Number.isNaN) ? null : hextets;
}
