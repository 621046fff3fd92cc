import { describe, expect, it } from 'vitest';
import { blockedReason, checkTargetUrl, OutboundBlocked } from '../../shared/platform/security/outbound-fetch.js';

/**
 * Issue 16 fault 7: IPv6 forms that embed an IPv4 address are refused exactly when the embedded
 * address would be (translated, NAT64 well-known and local-use, 6to4, Teredo, ISATAP), and the
 * webhook URL check (checkTargetUrl, used by webhooks_create before any delivery) refuses them.
 */
describe('embedded-IPv4 forms of IPv6', () => {
  it.each([
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:10.1.2.3', 'private'],
    ['::ffff:0:169.254.169.254', 'link-local'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::c0a8:101', 'private'],
    ['2002:a00:1::1', 'private'],
    ['2002:c0a8:101::', 'private'],
    ['2002:a9fe:a9fe::1', 'link-local'],
    ['fe80::5efe:127.0.0.1', 'loopback'],
    ['2606:4700::5efe:7f00:1', 'loopback'],
    ['2606:4700::200:5efe:a00:1', 'private'],
  ])('%s is %s', (ip, reason) => expect(blockedReason(ip)).toBe(reason));

  it.each(['64:ff9b:1::7f00:1', '64:ff9b:1::808:808', '64:ff9b:1:7f00:1::'])('NAT64 local-use %s is refused whatever it embeds', (ip) =>
    expect(blockedReason(ip)).toBeTruthy(),
  );

  it.each(['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001::7f00:1'])('Teredo %s is refused', (ip) => expect(blockedReason(ip)).toBeTruthy());

  it.each(['::ffff:0:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2606:4700::5efe:808:808'])('%s embeds a public address and passes', (ip) =>
    expect(blockedReason(ip)).toBeUndefined(),
  );

  it.each([
    'https://[::ffff:0:127.0.0.1]/',
    'https://[64:ff9b:1::7f00:1]/',
    'https://[64:ff9b::7f00:1]/',
    'https://[2002:7f00:1::]/',
    'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook',
    'https://[fe80::5efe:a00:1]/',
  ])('refuses the webhook URL %s', (url) => {
    let err: unknown;
    try {
      checkTargetUrl(url, { requireHttps: true });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OutboundBlocked);
  });

  it('still admits the translated loopback only when loopback targets are allowed (tests)', () => {
    expect(blockedReason('::ffff:0:127.0.0.1', true)).toBeUndefined();
    expect(blockedReason('::ffff:0:10.0.0.1', true)).toBe('private');
  });
});
