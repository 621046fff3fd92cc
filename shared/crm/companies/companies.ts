import { notFound, conflict } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, exists, notExists, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import { definitionMap, type CustomFieldDefinition } from '../custom-fields/definitions.js';
import { applyValues, numberIndexCleanupOps, type CfValues } from '../custom-fields/values.js';
import { companyNumberIndex } from './number-index.js';
import { COMPANY_TEXT_FIELDS, normalizeDomain, toCompany, type Company, type CompanyCreateInput, type CompanyUpdateInput } from './model.js';
import { CompanyEntity, CompanyKeyClaim, companyExists, isDerivedCompanyId, nameSortKey } from './entities.js';

export interface WriteOptions {
  now: number;
  /** Preloaded company custom-field definitions (imports load them once per batch). */
  defs?: Map<string, CustomFieldDefinition>;
  /** Accept numeric strings for number fields (CSV imports). */
  coerce?: boolean;
  /** Fixed id (tests, imports that pre-allocate ids); default newId(now). */
  id?: string;
}

function textFields(input: Partial<CompanyCreateInput>) {
  const out: Record<string, string | null> = {};
  for (const f of COMPANY_TEXT_FIELDS) {
    if (!(f in input)) continue;
    const v = input[f as keyof CompanyCreateInput];
    out[f] = f === 'domain' ? normalizeDomain(v as string | null) : typeof v === 'string' && v !== '' ? v : null;
  }
  return out;
}

/**
 * Creates one company. No dedupe here (the spec: dedupe by domain/INN only on import endpoints, which
 * write their companies themselves, shared/crm/imports). Number custom fields are indexed on gsi2 in the same transaction
 * (the first by the company item itself, number-index.ts).
 */
export async function createCompany(table: TableStore, input: CompanyCreateInput, opts: WriteOptions): Promise<Company> {
  const { item, index } = newCompanyItem(input, { ...opts, defs: opts.defs ?? (await definitionMap(table, 'company')) });
  await table.transact([{ put: item, condition: notExists }, ...index.ops]);
  return toCompany(item);
}

/** The item of a new company and its number-index writes (for createCompany, and for seeding many at once with batch writes). */
export function newCompanyItem(input: CompanyCreateInput, opts: WriteOptions & { defs: Map<string, CustomFieldDefinition> }) {
  const customFields = applyValues(opts.defs, {}, input.customFields, { coerce: opts.coerce });
  const id = opts.id ?? newId(opts.now);
  const at = new Date(opts.now).toISOString();
  const index = companyNumberIndex(id, opts.defs, {}, customFields);
  const item = CompanyEntity.item(
    { companyId: id, createdAt: at, nameKey: nameSortKey(input.name) },
    { id, ...textFields(input), name: input.name, customFields, createdAt: at, updatedAt: at, version: 1, ...index.attrs },
  );
  return { item, index };
}

export async function getCompanyItem(table: TableStore, id: string) {
  const item = await table.get(CompanyEntity.key({ companyId: id }));
  if (!item || item.entity !== 'company') throw notFound('Company');
  return item;
}

export async function getCompany(table: TableStore, id: string): Promise<Company> {
  return toCompany(await getCompanyItem(table, id));
}

/**
 * Partial update: given fields replace (null clears), `customFields` merge (null clears a value).
 * Optimistic on `version`, so concurrent updates cannot leave the number index out of step.
 */
export async function updateCompany(table: TableStore, id: string, patch: CompanyUpdateInput, opts: WriteOptions): Promise<Company> {
  const defs = opts.defs ?? (await definitionMap(table, 'company'));
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await getCompanyItem(table, id);
    const before = (current.customFields as CfValues) ?? {};
    const after = applyValues(defs, before, patch.customFields, { coerce: opts.coerce });
    const at = new Date(opts.now).toISOString();
    const index = companyNumberIndex(id, defs, before, after, current.cfIndexSlug as string | undefined);
    const set: Record<string, unknown> = { ...textFields(patch), customFields: after, updatedAt: at, version: (current.version as number) + 1, ...index.attrs };
    if (patch.name !== undefined) Object.assign(set, CompanyEntity.indexKeys('byName', { nameKey: nameSortKey(patch.name), companyId: id }));
    try {
      await table.transact([
        {
          update: CompanyEntity.key({ companyId: id }),
          spec: { set, condition: { expression: 'attribute_exists(pk) AND #v = :v', names: { '#v': 'version' }, values: { ':v': current.version } } },
        },
        ...index.ops,
      ]);
      return toCompany({ ...current, ...set });
    } catch (e) {
      if (!(e instanceof ConditionFailed) || e.index !== 0) throw e;
    }
  }
  throw conflict('Company was changed concurrently; retry');
}

/**
 * Deletes the company and its number-value index items (same transaction). List memberships and
 * contact links are dropped lazily: readers skip ids whose company item is gone. A company at a
 * derived id (an import's) leaves a claim naming itself in its place: the next import of its domain
 * creates a new id instead of reviving this one under its old links.
 */
export async function deleteCompany(table: TableStore, id: string) {
  await getCompanyItem(table, id);
  const cleanup = await numberIndexCleanupOps(table, 'company', id);
  try {
    const remove: TxOp = isDerivedCompanyId(id)
      ? { put: CompanyKeyClaim.item({ companyId: id }, { companyId: id }), condition: companyExists }
      : { delete: CompanyEntity.key({ companyId: id }), condition: exists };
    await table.transact([remove, ...cleanup.slice(0, 99)]);
  } catch (e) {
    if (e instanceof ConditionFailed && e.index === 0) throw notFound('Company');
    throw e;
  }
  if (cleanup.length > 99) await table.transact(cleanup.slice(99)); // only if definitions outgrew the soft limit
  return { id, deleted: true };
}
