import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSyntax } from '../../shared/mailing/email-verification/syntax.js';
import { isDisposableDomain, isRoleAddress } from '../../shared/mailing/email-verification/lists.js';
import { domainAndParents, domainHash, emailHash, maskEmail, normalizeDomain } from '../../shared/crm/audience/normalize.js';
import { suppressionIdOf } from '../../shared/crm/audience/suppression.js';
import { stopListIdOf } from '../../shared/crm/audience/stoplist.js';

describe('address syntax', () => {
  it.each([
    ['ann@acme.com', 'ann@acme.com'],
    ['  Ann.Lee+crm@Sub.Acme.CO.uk ', 'ann.lee+crm@sub.acme.co.uk'],
    ["o'brien@acme.io", "o'brien@acme.io"],
    ['info@bücher.de', 'info@xn--bcher-kva.de'],
    ['x@acme.xn--p1ai', 'x@acme.xn--p1ai'],
  ])('accepts %s', (raw, email) => {
    expect(checkSyntax(raw)).toMatchObject({ ok: true, email });
  });

  it.each([
    ['', 'length'],
    ['plain', 'missing_at_or_part'],
    ['@acme.com', 'missing_at_or_part'],
    ['ann@', 'missing_at_or_part'],
    ['.ann@acme.com', 'local_part'],
    ['ann.@acme.com', 'local_part'],
    ['a..b@acme.com', 'local_part'],
    ['a b@acme.com', 'local_part'],
    ['"quoted"@acme.com', 'local_part'],
    ['ann@[127.0.0.1]', 'address_literal'],
    ['ann@localhost', 'domain'],
    ['ann@acme.c0m', 'domain'],
    ['ann@-acme.com', 'domain'],
    ['ann@acme..com', 'domain'],
    [`${'a'.repeat(65)}@acme.com`, 'local_too_long'],
    [`a@${'b'.repeat(250)}.com`, 'length'],
    ['ann@acme.com\r\nRCPT TO:<x@y.z>', 'local_part'],
    ['ann@acme.com\r\nx', 'domain'],
  ])('refuses %j (%s)', (raw, reason) => {
    expect(checkSyntax(raw)).toEqual({ ok: false, reason });
  });
});

describe('disposable and role lists', () => {
  it('disposable domains, subdomains included', () => {
    expect(isDisposableDomain('mailinator.com')).toBe(true);
    expect(isDisposableDomain('eu.mailinator.com')).toBe(true);
    expect(isDisposableDomain('notmailinator.com')).toBe(false);
    expect(isDisposableDomain('acme.com')).toBe(false);
  });
  it('role local parts, with tags and separators', () => {
    for (const l of ['info', 'Sales', 'no-reply', 'noreply', 'no.reply', 'support+eu', 'postmaster']) expect(isRoleAddress(l)).toBe(true);
    for (const l of ['ann', 'ann.lee', 'salesman', 'infobot']) expect(isRoleAddress(l)).toBe(false);
  });
});

describe('suppression and stop-list keys', () => {
  it('hashes addresses as SHA-256 of the normalised address, domains with an @ prefix', () => {
    expect(emailHash(' Ann@Acme.com ')).toBe(createHash('sha256').update('ann@acme.com').digest('hex'));
    expect(domainHash('acme.com')).not.toBe(emailHash('acme.com'));
    expect(suppressionIdOf('Ann@Acme.com')).toBe(emailHash('ann@acme.com'));
    expect(suppressionIdOf('acme.com')).toBe(domainHash('acme.com'));
    expect(suppressionIdOf('@acme.com')).toBe(domainHash('acme.com'));
    expect(suppressionIdOf(emailHash('ann@acme.com'))).toBe(emailHash('ann@acme.com'));
  });
  it('normalises domains and walks parents', () => {
    expect(normalizeDomain('https://www.Acme.com/about?x')).toBe('acme.com');
    expect(normalizeDomain('@acme.com')).toBe('acme.com');
    expect(normalizeDomain('acme')).toBeUndefined();
    expect(normalizeDomain('acme.com:8080')).toBe('acme.com');
    expect(domainAndParents('a.b.acme.com')).toEqual(['a.b.acme.com', 'b.acme.com', 'acme.com']);
    expect(stopListIdOf('WWW.Acme.com')).toBe('domain:acme.com');
    expect(stopListIdOf('company:abc_1')).toBe('company:abc_1');
    expect(maskEmail('ann@acme.com')).toBe('a***@acme.com');
  });
});
