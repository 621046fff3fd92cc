import { describe, expect, it } from 'vitest';
import { toHttp } from '../../shared/platform/http/pipeline.js';

const html = (headers: Record<string, string>) =>
  toHttp({ status: 200, body: '<p>x</p>', headers: { 'content-type': 'text/html; charset=utf-8', ...headers }, cookies: [] });

describe('HTML answers refuse to be framed', () => {
  it("adds frame-ancestors and X-Frame-Options to any HTML page, keeping a page's own policy", () => {
    expect(html({}).headers).toMatchObject({ 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' });
    expect(html({ 'content-security-policy': "default-src 'none'" }).headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
    });
    expect(html({ 'content-security-policy': "default-src 'none'; frame-ancestors 'self'" }).headers?.['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'self'",
    );
  });

  it('leaves JSON alone', () => {
    const json = toHttp({ status: 200, body: { ok: true }, headers: {}, cookies: [] });
    expect(json.headers).not.toHaveProperty('x-frame-options');
    expect(json.headers).not.toHaveProperty('content-security-policy');
  });
});
