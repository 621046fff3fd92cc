import { describe, expect, it } from 'vitest';
import { composeMessage, newMessageId } from '../../shared/mailing/sending/compose.js';
import { signLink, verifyLink } from '../../shared/mailing/sending/links.js';
import type { Deps } from '../../shared/platform/runtime/deps.js';

const deps = { config: { secretsKey: 'bG9jYWwtZGV2ZWxvcG1lbnQta2V5LW5vdC1zZWNyZXQ=', publicBaseUrl: 'https://svc.example' } } as unknown as Deps;
const input = (over: Partial<Parameters<typeof composeMessage>[1]> = {}) => ({
  tenantId: 'T1',
  taskId: 'K1',
  contactId: 'C1',
  messageId: newMessageId('K1', 'C1', 'sam@acme.test'),
  to: { address: 'ann@buyer.test' },
  from: { address: 'sam@acme.test', name: 'Sam' },
  rendered: {
    subject: 'Hi Ann',
    html: '<html><body><p>Hi <a href="https://example.com/a?b=1">x</a> <a href="mailto:q@acme.test">m</a></p></body></html>',
    text: 'Hi Ann',
  },
  profile: { companyName: 'Acme', physicalAddress: '1 Main St' },
  tracking: true,
  ...over,
});

describe('compliance parts and signed links', () => {
  it('adds RFC 8058 headers, the footer before </body>, tracked http links and a pixel on the ACTIVE tracking domain', () => {
    const m = composeMessage(deps, input({ trackingDomain: 'track.acme.test' }));
    expect(m.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(m.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/track\.acme\.test\/u\/[^>]+>, <mailto:sam@acme\.test\?subject=unsubscribe>$/);
    expect(m.html).toMatch(
      /Sam, Acme<br>1 Main St<br><a href="https:\/\/track\.acme\.test\/u\/[^"]+">Unsubscribe<\/a><\/div><img src="https:\/\/track\.acme\.test\/t\/o\/[^"]+"[^>]*><\/body>/,
    );
    expect(m.html).toContain('href="mailto:q@acme.test"');
    const click = m.html.match(/href="https:\/\/track\.acme\.test\/t\/c\/([^"]+)"/)![1];
    expect(verifyLink(deps, click, 'c')).toMatchObject({ t: 'T1', a: 'K1', c: 'C1', u: 'https://example.com/a?b=1' });
    expect(m.text).toMatch(/1 Main St\nUnsubscribe: https:\/\/track\.acme\.test\/u\//);
    expect(m.messageId).toMatch(/^<K1\.C1\.[0-9a-f]{12}@acme\.test>$/);
  });

  it('without tracking: the service host, original links, no pixel', () => {
    const m = composeMessage(deps, input({ tracking: false }));
    expect(m.headers!['List-Unsubscribe']).toMatch(/^<https:\/\/svc\.example\/u\//);
    expect(m.html).toContain('href="https://example.com/a?b=1"');
    expect(m.html).not.toContain('/t/o/');
  });

  it('refuses forged, edited, other-kind and malformed tokens', () => {
    const t = signLink(deps, { k: 'u', t: 'T1', a: 'K1', c: 'C1', e: 'ann@buyer.test' });
    expect(verifyLink(deps, t, 'u')).toMatchObject({ e: 'ann@buyer.test' });
    expect(verifyLink(deps, t, 'c')).toBeUndefined();
    const [body, mac] = t.split('.');
    const edited = Buffer.from(JSON.stringify({ k: 'u', t: 'T2', a: 'K1', c: 'C1', e: 'ann@buyer.test' })).toString('base64url');
    expect(verifyLink(deps, `${edited}.${mac}`, 'u')).toBeUndefined();
    for (const last of ['A', 'B', 'C', 'D', 'E', 'F', 'g', 'w'])
      if (!mac.endsWith(last)) expect(verifyLink(deps, `${body}.${mac.slice(0, -1)}${last}`, 'u')).toBeUndefined();
    for (const bad of ['', '.', 'a.b.c', 'x'.repeat(5000), `${body}.`]) expect(verifyLink(deps, bad, 'u')).toBeUndefined();
  });
});
