import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedReason, checkTargetUrl, OutboundBlocked, outboundFetch, parseLooseIPv4 } from '../../shared/platform/security/outbound-fetch.js';

/** A loopback server that records every request it gets and answers per path. */
let server: http.Server;
let base: string;
const hits: string[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/secret` }).end();
    if (req.url === '/to-hex') return res.writeHead(301, { location: 'http://0x7f000001/' }).end();
    if (req.url === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (req.url === '/hop') return res.writeHead(302, { location: '/ok' }).end();
    if (req.url === '/big') return res.end(Buffer.alloc(100_000, 'x'));
    if (req.url === '/slow') return void setTimeout(() => res.end('late'), 2_000);
    if (req.url === '/echo') {
      let b = '';
      req.on('data', (c) => (b += c)).on('end', () => res.end(JSON.stringify({ host: req.headers.host, body: b })));
      return;
    }
    res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const refused = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x) => x,
  );
  expect(e).toBeInstanceOf(OutboundBlocked);
  return e as OutboundBlocked;
};

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.1.2', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'cgnat'],
    ['100.100.100.200', 'cgnat'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['255.255.255.255', 'reserved'],
  ])('%s is %s', (ip, reason) => expect(blockedReason(ip)).toBe(reason));

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700::1111', '1.1.1.1'])('%s is public', (ip) => expect(blockedReason(ip)).toBeUndefined());

  it('reads every IPv4 spelling', () => {
    expect(parseLooseIPv4('2130706433')).toBe('127.0.0.1');
    expect(parseLooseIPv4('0177.0.0.1')).toBe('127.0.0.1');
    expect(parseLooseIPv4('0x7f000001')).toBe('127.0.0.1');
    expect(parseLooseIPv4('0x7f.1')).toBe('127.0.0.1');
    expect(parseLooseIPv4('127.1')).toBe('127.0.0.1');
    expect(parseLooseIPv4('10.1')).toBe('10.0.0.1');
    expect(parseLooseIPv4('example.com')).toBeUndefined();
    expect(parseLooseIPv4('256.0.0.1')).toBeUndefined();
  });

  it('loopback is admitted only with the flag, nothing else is', () => {
    expect(blockedReason('127.0.0.1', true)).toBeUndefined();
    expect(blockedReason('::1', true)).toBeUndefined();
    expect(blockedReason('10.0.0.1', true)).toBe('private');
    expect(blockedReason('169.254.169.254', true)).toBe('link-local');
  });
});

describe('target URLs', () => {
  it.each([
    'http://127.0.0.1/',
    'http://[::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd12::1]/',
    'http://[fe80::1]/',
    'http://localhost/',
    'http://metadata.google.internal/',
    'file:///etc/passwd',
    'http://user:pw@example.com/',
  ])('refuses %s', (u) => expect(() => checkTargetUrl(u)).toThrow(OutboundBlocked));

  it('requires HTTPS unless the target is loopback and the flag is on', () => {
    expect(() => checkTargetUrl('http://example.com/', { requireHttps: true })).toThrow(/HTTPS required/);
    expect(() => checkTargetUrl('http://127.0.0.1:9/', { requireHttps: true })).toThrow(OutboundBlocked);
    expect(checkTargetUrl('http://127.0.0.1:9/', { requireHttps: true, allowLoopback: true }).port).toBe('9');
    expect(() => checkTargetUrl('http://10.0.0.1/', { requireHttps: true, allowLoopback: true })).toThrow(OutboundBlocked);
    expect(checkTargetUrl('https://hooks.example.com/x').hostname).toBe('hooks.example.com');
  });
});

describe('outboundFetch', () => {
  it('refuses each blocked target before connecting', async () => {
    const before = hits.length;
    for (const url of ['http://127.0.0.1:1/', 'http://[::1]:1/', 'http://169.254.169.254/', 'http://10.0.0.1/', 'http://0x7f000001/']) {
      await refused(outboundFetch({ url, timeoutMs: 2000 }));
    }
    expect(hits.length).toBe(before);
  });

  it('refuses a host name that resolves to 127.0.0.1 (resolver answers, guard checks the answer)', async () => {
    const e = await refused(outboundFetch({ url: 'http://rebind.example.test/', resolve: async () => ['127.0.0.1'] }));
    expect(e.reason).toMatch(/loopback/);
    await refused(outboundFetch({ url: 'http://mixed.example.test/', resolve: async () => ['93.184.216.34', '10.1.2.3'] }));
    await refused(outboundFetch({ url: 'http://nowhere.example.test/', resolve: async () => [] }));
  });

  it('refuses a redirect to 127.0.0.1 (public first hop stood in by a loopback server)', async () => {
    const before = hits.length;
    // The guard sees 93.184.216.34 (public); the socket goes to our loopback server (test seam).
    const e = await refused(
      outboundFetch({
        url: `http://hooks.example.test:${new URL(base).port}/to-loopback`,
        resolve: async () => ['93.184.216.34'],
        dialOverride: () => '127.0.0.1',
        maxRedirects: 3,
      }),
    );
    expect(e.reason).toMatch(/loopback/);
    expect(hits.slice(before)).toEqual(['/to-loopback']);
  });

  it('with loopback allowed: fetches, follows a bounded number of redirects, refuses redirects to metadata', async () => {
    const ok = await outboundFetch({ url: `${base}/hop`, allowLoopback: true });
    expect(ok.status).toBe(200);
    expect(ok.body.toString()).toBe('ok');
    expect(ok.address).toBe('127.0.0.1');
    await refused(outboundFetch({ url: `${base}/to-metadata`, allowLoopback: true }));
    const e = await refused(outboundFetch({ url: `${base}/loop`, allowLoopback: true, maxRedirects: 2 }));
    expect(e.reason).toBe('too many redirects');
  });

  it('caps the body and the total time, and posts bodies with the original Host header', async () => {
    const big = await outboundFetch({ url: `${base}/big`, allowLoopback: true, maxBodyBytes: 1000 });
    expect(big.truncated).toBe(true);
    expect(big.body.length).toBe(1000);
    await expect(outboundFetch({ url: `${base}/slow`, allowLoopback: true, timeoutMs: 300 })).rejects.toThrow(/timeout/);
    const echo = await outboundFetch({ url: `${base}/echo`, method: 'POST', body: '{"a":1}', allowLoopback: true });
    expect(JSON.parse(echo.body.toString())).toEqual({ host: new URL(base).host, body: '{"a":1}' });
  });
});
