import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { defineEntity, type ItemOf, type OutputOf } from '../../shared/platform/data/entity.js';
import { LeadEntity } from '../../shared/crm/leads/entities.js';
import type { Lead } from '../../shared/crm/leads/types.js';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';

/**
 * An entity declared with its attributes gives its item type, its stored-item schema and the output
 * schema its operations answer with; a handler answering anything else does not compile. The
 * `@ts-expect-error` lines below are the type-level half: `npm run typecheck` fails when one of them
 * compiles (the linkage was lost).
 */
const Probe = defineEntity({
  entity: 'test_probe',
  version: 1,
  table: 'tenant',
  keys: { primary: { pk: 'TPROBE#${probeId}', sk: 'TPROBE' } },
  attributes: {
    id: z.string(),
    kind: z.enum(['a', 'b']),
    note: z.string().nullable(),
    size: z.number().optional(),
    tags: z.array(z.string()),
    tenantId: z.string(),
    version: z.number(),
  },
  internal: ['tenantId', 'version'],
  defaults: { tags: [] },
});

const stored = { id: 'p1', kind: 'a' as const, note: null, tags: ['x'], tenantId: 't1', version: 3 };
const lead: Lead = {
  id: 'l1',
  contactId: 'c1',
  companyId: null,
  pipelineId: 'p1',
  stageId: 's1',
  status: 'open',
  title: null,
  value: null,
  currency: null,
  interest: 'unknown',
  source: 'manual',
  sourceRef: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  stageEnteredAt: '2026-01-01T00:00:00.000Z',
  closedAt: null,
};
const probe = {
  operationId: 'probe',
  method: 'GET',
  path: '/probe',
  tag: 'test',
  summary: 'probe',
  description: 'probe',
  access: 'public',
  input: {},
} as const;

describe('entity attributes', () => {
  it('the item type is every attribute (those a read fills in may be absent), the output type leaves the internal ones out', () => {
    expectTypeOf<ItemOf<typeof Probe>>().toEqualTypeOf<{
      id: string;
      kind: 'a' | 'b';
      note?: string | null;
      size?: number | undefined;
      tags?: string[];
      tenantId: string;
      version: number;
    }>();
    expectTypeOf<OutputOf<typeof Probe>>().toEqualTypeOf<{ id: string; kind: 'a' | 'b'; note: string | null; size?: number | undefined; tags: string[] }>();
    expectTypeOf<Lead['status']>().toEqualTypeOf<'open' | 'won' | 'lost'>();
    expectTypeOf<Lead['interest']>().toEqualTypeOf<'unknown' | 'none' | 'low' | 'medium' | 'high'>();
  });

  it('item() takes exactly the declared attributes', () => {
    const item = Probe.item({ probeId: 'p1' }, stored);
    expect(item).toMatchObject({ ...stored, pk: 'TPROBE#p1', sk: 'TPROBE', entity: 'test_probe', _v: 1 });
    // Nullable attributes and those with a default may be left out: a read fills them in.
    expect(Probe.view(Probe.item({ probeId: 'p2' }, { id: 'p2', kind: 'b', tenantId: 't1', version: 1 }))).toEqual({
      id: 'p2',
      kind: 'b',
      note: null,
      tags: [],
    });
    // @ts-expect-error -- `colour` is not an attribute of the entity
    Probe.item({ probeId: 'p1' }, { ...stored, colour: 'red' });
    // @ts-expect-error -- `kind` is 'a' | 'b'
    Probe.item({ probeId: 'p1' }, { ...stored, kind: 'c' });
    // @ts-expect-error -- `version` is required
    Probe.item({ probeId: 'p1' }, { id: 'p1', kind: 'a', note: null, tags: [], tenantId: 't1' });
  });

  it('view() answers the output attributes in declared order, with defaults, null for nullable ones, absent optional ones', () => {
    const item = Probe.item({ probeId: 'p1' }, stored);
    expect(Object.keys(Probe.view(item))).toEqual(['id', 'kind', 'note', 'tags']);
    expect(Probe.view(item)).toEqual({ id: 'p1', kind: 'a', note: null, tags: ['x'] });
    // An item written before `note` and `tags` existed.
    expect(Probe.view({ pk: 'TPROBE#p2', sk: 'TPROBE', id: 'p2', kind: 'b', size: 4, tenantId: 't1', version: 1 })).toEqual({
      id: 'p2',
      kind: 'b',
      note: null,
      size: 4,
      tags: [],
    });
  });

  it('the stored schema passes keys and stamps through; the output schema rejects what the entity does not declare', () => {
    const item = Probe.item({ probeId: 'p1' }, stored);
    expect(Probe.schema.parse(item)).toEqual(item);
    expect(Probe.schema.safeParse({ id: 'p1', kind: 'a', tenantId: 't1', version: 1 }).success).toBe(true);
    expect(Probe.schema.safeParse({ id: 'p1', kind: 'a', tenantId: 't1' }).success).toBe(false);
    expect(Probe.output.strict().parse(Probe.view(item))).toEqual(Probe.view(item));
    expect(Probe.output.strict().safeParse({ ...Probe.view(item), tenantId: 't1' }).success).toBe(false);
    expect(Probe.output.safeParse({ ...Probe.view(item), kind: 'c' }).success).toBe(false);
    expect(() =>
      defineEntity({ entity: 'test_bad', version: 1, table: 'tenant', keys: { primary: { pk: 'TBAD', sk: 'TBAD' } }, internal: ['nope' as never] }),
    ).toThrow(/internal attribute nope is not declared/);
  });

  it("a lead's view is the Lead the operations answer; an old lead reads with its defaults", () => {
    const item = LeadEntity.item({ leadId: 'l1', stageId: 's1', stageEnteredAt: lead.stageEnteredAt, contactId: 'c1', createdAt: lead.createdAt }, lead);
    expect(LeadEntity.view(item)).toEqual(lead);
    const { interest: _i, source: _s, companyId: _c, ...old } = item;
    expect(LeadEntity.view(old)).toEqual(lead);
    expect(LeadEntity.output.safeParse({ ...lead, status: 'closed' }).success).toBe(false);
  });

  it('a handler is checked against its output schema: a field it lacks, a field of another type, a required field left out', () => {
    const answer = async () => ({ ...lead });
    expect(defineOperation({ ...probe, output: LeadEntity.output, handler: answer }).operationId).toBe('probe');
    defineOperation({ ...probe, output: checkedOutput(LeadEntity.output.extend({ moved: z.boolean() })), handler: async () => ({ ...lead, moved: true }) });
    defineOperation({
      ...probe,
      // @ts-expect-error -- the handler answers `tenantId`, which the schema does not name
      output: LeadEntity.output,
      handler: async () => ({ ...lead, tenantId: 't1' }),
    });
    defineOperation({
      ...probe,
      // @ts-expect-error -- `status` is the enum, not any string
      output: LeadEntity.output,
      handler: async () => ({ ...lead, status: 'closed' as string }),
    });
    defineOperation({
      ...probe,
      // @ts-expect-error -- `closedAt` is required (null when open)
      output: LeadEntity.output,
      handler: async () => {
        const { closedAt: _c, ...rest } = lead;
        return rest;
      },
    });
    defineOperation({
      ...probe,
      // @ts-expect-error -- nested: a kanban-style list whose items carry a field Lead lacks
      output: checkedOutput(z.looseObject({ data: z.array(LeadEntity.output) })),
      handler: async () => ({ data: [{ ...lead, pk: 'LEAD#l1' }] }),
    });
    // Every schema is checked, a plain loose object too: it no longer takes the rest at compile time.
    // @ts-expect-error -- the handler answers the lead's fields, which the schema does not name
    defineOperation({ ...probe, output: z.looseObject({ id: z.string() }), handler: async () => ({ ...lead, tenantId: 't1' }) });
  });
});
