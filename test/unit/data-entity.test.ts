import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../shared/platform/data/entity.js';
import { keyCollisions } from '../../shared/platform/data/key-templates.js';

const Company = defineEntity({
  entity: 'test_company',
  version: 2,
  table: 'tenant',
  keys: {
    primary: { pk: 'TCOMPANY#${companyId}', sk: 'TCOMPANY' },
    byCreated: { index: 'gsi1', pk: 'TCOMPANIES', sk: '${createdAt}#${companyId}' },
    byDomain: { index: 'gsi2', pk: 'TCOMPANIES#DOMAIN', sk: '${domain}' },
  },
});

describe('defineEntity', () => {
  it('builds the primary key and every index whose composites are present', () => {
    expect(Company.key({ companyId: 'c1' })).toEqual({ pk: 'TCOMPANY#c1', sk: 'TCOMPANY' });
    const item = Company.item({ companyId: 'c1', createdAt: '2026-01-01' }, { name: 'Acme' });
    expect(item).toEqual({
      name: 'Acme',
      pk: 'TCOMPANY#c1',
      sk: 'TCOMPANY',
      gsi1pk: 'TCOMPANIES',
      gsi1sk: '2026-01-01#c1',
      entity: 'test_company',
      _v: 2,
    });
    expect(item).not.toHaveProperty('gsi2pk');
    expect(Company.is(item)).toBe(true);
    expect(Company.is({ entity: 'other' })).toBe(false);
  });

  it('builds query prefixes up to the first missing sk composite', () => {
    expect(Company.query('byCreated', {})).toEqual({ index: 'gsi1', pk: 'TCOMPANIES' });
    expect(Company.query('byCreated', { createdAt: '2026' })).toEqual({ index: 'gsi1', pk: 'TCOMPANIES', skBeginsWith: '2026#' });
    expect(Company.query('primary', { companyId: 'c1' })).toEqual({ pk: 'TCOMPANY#c1', skBeginsWith: 'TCOMPANY' });
    expect(Company.skPrefix('byCreated', {})).toBe('');
  });

  it('refuses a missing composite and a composite that would cross into another key range', () => {
    expect(() => Company.key({ companyId: '' })).toThrow(/companyId is missing/);
    expect(() => Company.key({ companyId: 'a#b' })).toThrow(/may not contain/);
  });

  it('lets a declared free-text composite carry # only as the last placeholder of its templates', () => {
    const Marker = defineEntity({
      entity: 'test_marker',
      version: 1,
      table: 'tenant',
      freeText: ['value'],
      keys: { primary: { pk: 'TMARKER#${type}#${value}', sk: 'TMARKER' } },
    });
    expect(Marker.key({ type: 'email', value: 'a#b@x.test' })).toEqual({ pk: 'TMARKER#email#a#b@x.test', sk: 'TMARKER' });
    expect(() => Marker.key({ type: 'e#mail', value: 'a' })).toThrow(/may not contain/);
    expect(() =>
      defineEntity({
        entity: 'test_bad_free',
        version: 1,
        table: 'tenant',
        freeText: ['value'],
        keys: { primary: { pk: 'TBAD#${value}#${id}', sk: 'TBAD' } },
      }),
    ).toThrow(/last placeholder/);
  });

  it('finds entities whose keys can collide on the same table and index', () => {
    const Link = defineEntity({
      entity: 'test_link',
      version: 1,
      table: 'tenant',
      keys: { primary: { pk: 'TCOMPANY#${companyId}', sk: 'TCONTACT#${contactId}' } },
    });
    const Clash = defineEntity({
      entity: 'test_clash',
      version: 1,
      table: 'tenant',
      keys: { primary: { pk: 'TCOMPANY#${companyId}', sk: 'TCOMPANY${suffix}' } },
    });
    const Elsewhere = defineEntity({
      entity: 'test_platform',
      version: 1,
      table: 'platform',
      keys: { primary: { pk: 'TCOMPANY#${companyId}', sk: 'TCOMPANY' } },
    });
    expect(keyCollisions([Company, Link, Elsewhere])).toEqual([]);
    expect(keyCollisions([Company, Clash])).toEqual(['test_company.primary ~ test_clash.primary (table)']);
    // A declared replacement (a claim left where a company was) is the one accepted overlap.
    const Claim = defineEntity({
      entity: 'test_claim',
      version: 1,
      table: 'tenant',
      replaces: 'test_company',
      keys: { primary: { pk: 'TCOMPANY#${companyId}', sk: 'TCOMPANY' } },
    });
    expect(keyCollisions([Company, Claim])).toEqual([]);
    expect(keyCollisions([Clash, Claim])).toEqual(['test_clash.primary ~ test_claim.primary (table)']);
  });
});
