import { describe, expect, it } from 'vitest';
import { addressLimitKey } from './client-address';

describe('addressLimitKey', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressLimitKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = addressLimitKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    for (const address of [
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0db8:0001:0002:0000:0000:0000:0042',
      '2001:DB8:1:2::abcd',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::9'),
    ])
      expect(addressLimitKey(address), address).toBe(key);
    expect(addressLimitKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressLimitKey('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4-mapped address as its IPv4 address', () => {
    expect(addressLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressLimitKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });
});
