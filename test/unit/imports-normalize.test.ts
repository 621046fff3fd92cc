import { describe, expect, it } from 'vitest';
import { normalizeImportDomain, validInn } from '../../shared/crm/imports/normalize.js';
import { normalizeEmail, normalizePhone } from '../../shared/crm/contacts/normalize.js';
import { parseMapping } from '../../shared/crm/imports/mapping.js';
import type { CustomFieldDefinition } from '../../shared/crm/custom-fields/definitions.js';

describe('import domain normalisation', () => {
  it.each([
    ['https://www.Acme.com/about?x=1#top', 'acme.com'],
    ['http://acme.com:8080', 'acme.com'],
    ['WWW.ACME.COM.', 'acme.com'],
    ['//acme.com/path', 'acme.com'],
    ['ftp://user@sub.acme.co.uk/x', 'sub.acme.co.uk'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
    ['https://www.Пример.РФ/контакты', 'xn--e1afmkfd.xn--p1ai'],
    ['xn--e1afmkfd.xn--p1ai', 'xn--e1afmkfd.xn--p1ai'],
    ['München.de', 'xn--mnchen-3ya.de'],
  ])('%s → %s', (raw, want) => expect(normalizeImportDomain(raw)).toBe(want));

  it.each(['acme', '', '   ', 'a..b.com', 'http://', 'not a domain.com', '-acme.com'])('rejects %j', (raw) =>
    expect(normalizeImportDomain(raw)).toBeUndefined(),
  );
});

describe('INN checksum', () => {
  it.each(['7707083893', '7736050003', '500100732259', '7707 083 893'])('accepts %s', (inn) => expect(validInn(inn)).toBe(inn.replace(/\s/g, '')));
  it.each(['7707083894', '500100732258', '500100732269', '123', '77070838930', 'abcdefghij', '0000000001'])('rejects %s', (inn) =>
    expect(validInn(inn)).toBeUndefined(),
  );
  it('accepts a numeric cell', () => expect(validInn(7707083893)).toBe('7707083893'));
});

describe('channel normalisation', () => {
  it('emails are trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ann.Lee@Acme.COM ')).toBe('ann.lee@acme.com');
    expect(normalizeEmail('not-an-email')).toBeUndefined();
    expect(normalizeEmail('a@b')).toBeUndefined();
  });
  it('phones become +digits', () => {
    expect(normalizePhone('+1 (415) 555-0100')).toBe('+14155550100');
    expect(normalizePhone('8 (912) 345-67-89')).toBe('+79123456789');
    expect(normalizePhone('0049 30 1234567')).toBe('+49301234567');
    expect(normalizePhone('12')).toBeUndefined();
    expect(normalizePhone('1234567890123456')).toBeUndefined();
  });
});

describe('import mapping', () => {
  const defs = new Map<string, CustomFieldDefinition>([
    ['revenue', { entity: 'company', slug: 'revenue', label: 'Revenue', fieldType: 'number', createdAt: '' }],
  ]);
  const combined = { scope: { company: true, contact: true, cf: true }, contactPrefix: 'required' as const };
  it('sorts targets into company, contact and custom fields', () => {
    const m = parseMapping({ A: 'name', B: 'c:email', C: 'cf:revenue', D: 'domain' }, defs, combined);
    expect(m.company).toEqual([
      ['A', 'name'],
      ['D', 'domain'],
    ]);
    expect(m.contact).toEqual([['B', 'email']]);
    expect(m.cf).toEqual([['C', 'revenue']]);
  });
  it('unknown cf slug → 400 unknown_custom_field with the available slugs', () => {
    try {
      parseMapping({ A: 'name', B: 'cf:nope' }, defs, combined);
      expect.unreachable();
    } catch (e: any) {
      expect(e.status).toBe(400);
      expect(e.body).toMatchObject({ code: 'unknown_custom_field', fields: ['nope'], available: ['cf:revenue'] });
    }
  });
  it('unknown targets, bare contact targets on company imports and double mapping → 400', () => {
    expect(() => parseMapping({ A: 'name', B: 'ceo' }, defs, combined)).toThrow();
    expect(() => parseMapping({ A: 'name', B: 'email' }, defs, combined)).toThrow();
    expect(() => parseMapping({ A: 'name', B: 'name' }, defs, combined)).toThrow();
  });
  it('companies-only imports report contact and cf targets as ignored', () => {
    const m = parseMapping({ A: 'name', B: 'c:email', C: 'cf:revenue' }, defs, {
      scope: { company: true, contact: false, cf: false },
      contactPrefix: 'required',
    });
    expect(m.ignored).toEqual(['c:email', 'cf:revenue']);
  });
  it('contact imports take bare or prefixed contact targets', () => {
    const m = parseMapping({ A: 'email', B: 'c:firstName' }, new Map(), { scope: { company: false, contact: true, cf: true }, contactPrefix: 'optional' });
    expect(m.contact).toEqual([
      ['A', 'email'],
      ['B', 'firstName'],
    ]);
  });
});
