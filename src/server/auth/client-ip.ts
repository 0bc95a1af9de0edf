/**
 * The rate-limit key of a client address: an IPv4 address as it is; an IPv6
 * address by its /64 prefix (one customer usually holds a whole /64, so
 * counting single IPv6 addresses would let one client rotate through 2^64 of
 * them); an IPv4-mapped IPv6 address (::ffff:a.b.c.d, what a dual-stack socket
 * reports for IPv4 clients) as the IPv4 address. Anything else (no address)
 * is used as given.
 */
import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const v4 = text.slice(lastColon + 1);
  if (isIPv4(v4)) {
    const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string | undefined) => (part === undefined || part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const head = parse(halves[0]);
  const rest = parse(halves[1]);
  if (halves.length === 1) return head.length === 8 ? head : null;
  const fill = 8 - head.length - rest.length;
  return fill < 0 ? null : [...head, ...new Array<number>(fill).fill(0), ...rest];
}

export function clientKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const bare = ip.split('%')[0] ?? ip; // a zone id (fe80::1%eth0) does not make another client
  if (!isIPv6(bare)) return ip;
  const groups = ipv6Groups(bare.toLowerCase());
  if (groups === null || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return ip;
  // ::ffff:a.b.c.d
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
