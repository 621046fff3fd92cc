import { describe, expect, it } from 'vitest';
import { decodeNumber, encodeNumber, numberRange } from '../../shared/crm/custom-fields/number-encoding.js';
import { catalog, matchRule, matchesItem, parseFilters } from '../../shared/crm/filters/filters.js';
import { applyValues, numberIndexOps } from '../../shared/crm/custom-fields/values.js';
import type { CustomFieldDefinition } from '../../shared/crm/custom-fields/definitions.js';
import { COMPANY_FILTER_FIELDS } from '../../shared/crm/companies/list.js';
import { normalizeDomain } from '../../shared/crm/companies/model.js';

const defs: CustomFieldDefinition[] = [
  { entity: 'company', slug: 'revenue', label: 'Revenue', fieldType: 'number', createdAt: '' },
  { entity: 'company', slug: 'tier', label: 'Tier', fieldType: 'text', createdAt: '' },
  { entity: 'company', slug: 'renewal', label: 'Renewal', fieldType: 'date', createdAt: '' },
];
const fields = catalog(COMPANY_FILTER_FIELDS, defs);

describe('sortable number encoding', () => {
  const values = [-Infinity, -1e300, -12345.678, -1, -0.5, -Number.MIN_VALUE, 0, Number.MIN_VALUE, 0.5, 1, 2, 10, 1e9, 1e300, Infinity];
  it('orders strings exactly like numbers and round-trips', () => {
    const enc = values.map(encodeNumber);
    expect([...enc].sort()).toEqual(enc);
    for (const v of values) expect(decodeNumber(encodeNumber(v))).toBe(v);
    expect(encodeNumber(-0)).toBe(encodeNumber(0));
    expect(new Set(enc.map((e) => e.length))).toEqual(new Set([16]));
  });

  it('bounds ranges so that keys `<enc>#<id>` fall on the right side', () => {
    const key = (v: number) => `${encodeNumber(v)}#0mabc123def4567890abcdef`;
    const inRange = (op: 'gt' | 'gte' | 'lt' | 'lte' | 'equals', bound: number, v: number) => {
      const r = numberRange(op, bound) as { skGreaterThan?: string; skLessThan?: string; skBeginsWith?: string };
      const k = key(v);
      if (r.skBeginsWith) return k.startsWith(r.skBeginsWith);
      return r.skGreaterThan !== undefined ? k > r.skGreaterThan : k < r.skLessThan!;
    };
    for (const b of [-5, 0, 3.5])
      for (const v of [-10, -5, -1, 0, 3.5, 4, 100]) {
        expect(inRange('gt', b, v), `${v} gt ${b}`).toBe(v > b);
        expect(inRange('gte', b, v), `${v} gte ${b}`).toBe(v >= b);
        expect(inRange('lt', b, v), `${v} lt ${b}`).toBe(v < b);
        expect(inRange('lte', b, v), `${v} lte ${b}`).toBe(v <= b);
        expect(inRange('equals', b, v), `${v} equals ${b}`).toBe(v === b);
      }
  });
});

describe('filter parsing', () => {
  it('parses JSON text, a single rule object, or stored JSON', () => {
    expect(parseFilters('', fields)).toEqual({ ok: true, rules: [] });
    const one = parseFilters('{"field":"name","operator":"contains","value":"AC"}', fields);
    expect(one).toMatchObject({ ok: true, rules: [{ field: 'name', kind: 'text', value: 'ac' }] });
    const cf = parseFilters([{ field: 'cf_revenue', operator: 'gte', value: '10' }], fields);
    expect(cf).toMatchObject({ ok: true, rules: [{ slug: 'revenue', kind: 'number', value: 10 }] });
  });

  it('reports unknown fields with the available list, and operators/values/syntax as malformed', () => {
    const unknown = parseFilters([{ field: 'inn', operator: 'equals', value: '1' }], fields);
    expect(unknown).toMatchObject({ ok: false, problem: { code: 'unknown_filter_field', field: 'inn' } });
    expect(!unknown.ok && unknown.problem.code === 'unknown_filter_field' && unknown.problem.available).toContain('cf_tier');
    expect(parseFilters([{ field: 'name', operator: 'gt', value: 1 }], fields)).toMatchObject({
      ok: false,
      problem: { code: 'malformed_filter', reason: 'unsupported_operator' },
    });
    expect(parseFilters('nope', fields)).toMatchObject({ ok: false, problem: { code: 'malformed_filter', reason: 'malformed' } });
    expect(parseFilters([{ field: 'name', operator: 'contains', value: '' }], fields)).toMatchObject({ ok: false, problem: { reason: 'malformed' } });
    expect(
      parseFilters(
        Array.from({ length: 21 }, () => ({ field: 'name', operator: 'isEmpty' })),
        fields,
      ),
    ).toMatchObject({ ok: false });
  });

  it('matches items case-insensitively, dates in time order, numbers exactly', () => {
    const item = {
      name: 'Acme GmbH',
      city: '  Berlin ',
      createdAt: '2024-05-01T00:00:00.000Z',
      customFields: { revenue: 10, renewal: '2030-01-01T00:00:00.000Z' },
    };
    const ok = (rules: unknown) => {
      const p = parseFilters(rules, fields);
      if (!p.ok) throw new Error(JSON.stringify(p.problem));
      return matchesItem(p.rules, item);
    };
    expect(ok([{ field: 'name', operator: 'contains', value: 'GMBH' }])).toBe(true);
    expect(ok([{ field: 'city', operator: 'equals', value: 'berlin' }])).toBe(true);
    expect(ok([{ field: 'country', operator: 'isEmpty' }])).toBe(true);
    expect(ok([{ field: 'country', operator: 'isEmpty', value: false }])).toBe(false);
    expect(
      ok([
        { field: 'createdAt', operator: 'after', value: '2024-04-30' },
        { field: 'createdAt', operator: 'before', value: '2024-05-02T00:00:00Z' },
      ]),
    ).toBe(true);
    expect(
      ok([
        { field: 'cf_revenue', operator: 'equals', value: 10 },
        { field: 'cf_renewal', operator: 'after', value: '2029-12-31' },
      ]),
    ).toBe(true);
    expect(ok([{ field: 'cf_revenue', operator: 'gt', value: 10 }])).toBe(false);
    expect(ok([{ field: 'cf_tier', operator: 'isEmpty' }])).toBe(true);
    expect(matchRule({ field: 'cf_revenue', operator: 'lt', kind: 'number', slug: 'revenue', value: 5 }, undefined)).toBe(false);
  });
});

describe('custom-field values', () => {
  const map = new Map(defs.map((d) => [d.slug, d]));
  it('checks types strictly over the API and coerces CSV strings for imports', () => {
    expect(() => applyValues(map, {}, { revenue: '5' })).toThrow();
    expect(applyValues(map, {}, { revenue: '5,5', tier: 3, renewal: '2024-01-02' }, { coerce: true })).toEqual({
      revenue: 5.5,
      tier: '3',
      renewal: '2024-01-02T00:00:00.000Z',
    });
    expect(applyValues(map, { revenue: 1, tier: 'a' }, { revenue: null })).toEqual({ tier: 'a' });
  });

  it('keeps the number index in step: put on change, delete on clear, nothing when unchanged', () => {
    expect(numberIndexOps('company', 'c1', map, {}, { revenue: 3, tier: 'x' })).toHaveLength(1);
    expect(numberIndexOps('company', 'c1', map, { revenue: 3 }, { revenue: 3 })).toHaveLength(0);
    expect(numberIndexOps('company', 'c1', map, { revenue: 3 }, {})).toEqual([{ delete: { pk: 'CFNUM#company#c1', sk: 'revenue' } }]);
  });

  it('normalizes domains', () => {
    expect(normalizeDomain('HTTPS://www.Example.COM/path?q')).toBe('example.com');
    expect(normalizeDomain('  ')).toBeNull();
  });
});
