/** Rate-limit keys of client addresses: IPv4 as is, IPv6 by its /64, IPv4-mapped IPv6 as the IPv4 address. */
import { describe, expect, it } from 'vitest';
import { clientKey } from '../../src/server/auth/client-ip';

describe('clientKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('127.0.0.1')).toBe('127.0.0.1');
  });

  it('keys an IPv6 address by its /64 prefix, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::9', '2001:0DB8:0001:0002:ffff:0:0:1', '2001:db8:1:2:aaaa::', 'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1')]) {
      expect(clientKey(ip), ip).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address (dual-stack sockets) as the IPv4 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:198.51.100.1')).toBe('198.51.100.1');
  });

  it('leaves what is not an address as it is', () => {
    expect(clientKey('')).toBe('');
    expect(clientKey('not-an-ip')).toBe('not-an-ip');
  });
});
