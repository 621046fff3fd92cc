import type * as z from 'zod';
import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { getCompanyList } from '../../crm/company-lists/company-lists.js';
import { ConditionFailed, type Item, type TableStore } from '../../platform/ports/table-store.js';
import { Brief, BriefMemory, BriefRevision } from './entities.js';
import { applyMergePatch, canonical, valueAt } from './merge-patch.js';
import { briefContentSchema, briefVariablesSchema, DEFAULT_NON_TARGET_ROLES, type MemoryKind } from './schema.js';

const iso = (now: number) => new Date(now).toISOString();
const revKey = (n: number) => String(n).padStart(6, '0');
const MAX_DOC_CHARS = 100_000;

export interface BriefView {
  id: string;
  name: string;
  description: string;
  targetCompanyListId: string | null;
  content: Record<string, unknown>;
  variables: Record<string, unknown>;
  locks: string[];
  revision: number;
  createdAt: string;
  updatedAt: string;
}

export const toBrief = (i: Item): BriefView => ({
  id: i.id as string,
  name: i.name as string,
  description: (i.description as string) ?? '',
  targetCompanyListId: (i.targetCompanyListId as string) ?? null,
  content: (i.content as Record<string, unknown>) ?? {},
  variables: (i.variables as Record<string, unknown>) ?? {},
  locks: (i.locks as string[]) ?? [],
  revision: i.revision as number,
  createdAt: i.createdAt as string,
  updatedAt: i.updatedAt as string,
});

/** Zod issues as a 400 whose message lists `<field>.<path>: <problem>` and whose `paths` lists the paths. */
function validate<T>(schema: z.ZodType<T>, field: 'content' | 'variables', doc: unknown): T {
  const r = schema.safeParse(doc);
  if (r.success) {
    if (JSON.stringify(r.data).length > MAX_DOC_CHARS) throw badRequest([`${field} must be at most ${MAX_DOC_CHARS} characters as JSON`]);
    return r.data;
  }
  const paths = r.error.issues.map((i) => [field, ...i.path.map(String)].join('.'));
  throw badRequest(
    r.error.issues.map((i, n) => `${paths[n]}: ${i.message}`),
    { paths: [...new Set(paths)] },
  );
}

export async function getBriefItem(table: TableStore, id: string) {
  const item = await table.get(Brief.key({ briefId: id }));
  if (!item || !Brief.is(item)) throw notFound('Brief');
  return item;
}
export const getBrief = async (table: TableStore, id: string) => toBrief(await getBriefItem(table, id));

export interface IntakeInput {
  description: string;
  name?: string;
  targetCompanyListId?: string;
  content?: Record<string, unknown>;
  variables?: Record<string, unknown>;
  locks?: string[];
}

/**
 * Creates a brief from a short description (no AI here: the description seeds product.description and
 * the name; `icp.nonTargetRoles` gets the default roles and prefixes unless given). Revision 1.
 */
export async function intakeBrief(table: TableStore, input: IntakeInput, now: number, by: string): Promise<BriefView> {
  if (input.targetCompanyListId) await getCompanyList(table, input.targetCompanyListId);
  const seed = { product: { description: input.description }, icp: { nonTargetRoles: DEFAULT_NON_TARGET_ROLES } };
  const content = validate(briefContentSchema, 'content', applyMergePatch(seed, input.content ?? {}));
  const variables = validate(briefVariablesSchema, 'variables', input.variables ?? {});
  const id = newId(now);
  const at = iso(now);
  const name = input.name ?? input.description.split(/\s+/).slice(0, 8).join(' ').slice(0, 120);
  const brief = Brief.item(
    { briefId: id, createdAt: at },
    {
      id,
      name,
      description: input.description,
      targetCompanyListId: input.targetCompanyListId ?? null,
      content,
      variables,
      locks: [...new Set(input.locks ?? [])],
      revision: 1,
      createdAt: at,
      updatedAt: at,
    },
  );
  const rev = BriefRevision.item({ briefId: id, revision: revKey(1) }, { briefId: id, revision: 1, change: 'created', patch: null, reason: 'intake', by, at });
  await table.transact([{ put: brief, condition: Brief.notExists }, { put: rev }]);
  return toBrief(brief);
}

/**
 * Applies a merge patch to content or variables (or replaces locks): validated after the merge,
 * refused with 409 when a locked path would change, written with its revision in one transaction
 * (optimistic on `revision`, so two writers cannot both pass the lock check on stale data).
 */
export async function changeBrief(
  table: TableStore,
  id: string,
  change: { field: 'content' | 'variables'; patch: unknown } | { field: 'locks'; locks: string[] },
  reason: string | undefined,
  now: number,
  by: string,
): Promise<BriefView> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = toBrief(await getBriefItem(table, id));
    const set: Record<string, unknown> = { updatedAt: iso(now), revision: current.revision + 1 };
    if (change.field === 'locks') set.locks = [...new Set(change.locks)];
    else {
      const schema = change.field === 'content' ? briefContentSchema : briefVariablesSchema;
      const next = validate(schema as z.ZodType<Record<string, unknown>>, change.field, applyMergePatch(current[change.field], change.patch));
      const before = { content: current.content, variables: current.variables };
      const after = { ...before, [change.field]: next };
      const broken = current.locks.find((lock) => canonical(valueAt(before, lock)) !== canonical(valueAt(after, lock)));
      if (broken) throw conflict(`Path ${broken} is locked`, { code: 'brief_locked', lock: broken });
      set[change.field] = next;
    }
    const rev = BriefRevision.item(
      { briefId: id, revision: revKey(current.revision + 1) },
      {
        briefId: id,
        revision: current.revision + 1,
        change: change.field,
        patch: change.field === 'locks' ? change.locks : change.patch,
        reason: reason ?? null,
        by,
        at: iso(now),
      },
    );
    try {
      await table.transact([
        {
          update: Brief.key({ briefId: id }),
          spec: { set, condition: { expression: '#r = :r', names: { '#r': 'revision' }, values: { ':r': current.revision } } },
        },
        { put: rev, condition: BriefRevision.notExists },
      ]);
      return { ...current, ...set } as BriefView;
    } catch (e) {
      if (!(e instanceof ConditionFailed)) throw e;
    }
  }
  throw conflict('Brief was changed concurrently; retry');
}

export async function listBriefs(table: TableStore, page: { pageSize?: number; cursor?: string }) {
  const pageSize = page.pageSize ?? 20;
  const out = await table.query({ ...Brief.query('byCreated', {}), limit: pageSize, cursor: page.cursor, descending: true });
  return { data: out.items.map(toBrief), pageSize, nextCursor: out.cursor ?? null };
}

/** What a revision changed: `created` is the brief's first revision. */
export const REVISION_CHANGES = ['created', 'content', 'variables', 'locks'] as const;
/** A revision as stored (sk REV#<n>) and answered. */
interface RevisionItem {
  revision: number;
  change: (typeof REVISION_CHANGES)[number];
  /** The merge patch applied (content, variables), the new locks (locks), null at creation. */
  patch: unknown;
  reason: string | null;
  by: string;
  at: string;
}

export async function listRevisions(table: TableStore, id: string, page: { pageSize?: number; cursor?: string }) {
  await getBriefItem(table, id);
  const pageSize = page.pageSize ?? 50;
  const out = await table.query<RevisionItem>({
    pk: Brief.key({ briefId: id }).pk,
    skBeginsWith: 'REV#',
    limit: pageSize,
    cursor: page.cursor,
    descending: true,
  });
  return {
    data: out.items.map(({ revision, change, patch, reason, by, at }) => ({ revision, change, patch, reason, by, at })),
    pageSize,
    nextCursor: out.cursor ?? null,
  };
}

export async function addMemory(
  table: TableStore,
  briefId: string,
  input: { kind: MemoryKind; text: string; why?: string; path?: string },
  now: number,
  by: string,
) {
  await getBriefItem(table, briefId);
  const id = newId(now);
  const at = iso(now);
  const entry = { id, briefId, kind: input.kind, text: input.text, why: input.why ?? null, path: input.path ?? null, by, createdAt: at };
  await table.put(BriefMemory.item({ briefId, createdAt: at, memoryId: id }, entry));
  return entry;
}

export async function listMemory(table: TableStore, briefId: string, limit = 100) {
  const out = await table.query({ pk: Brief.key({ briefId }).pk, skBeginsWith: 'MEMORY#', limit, descending: true });
  return out.items.map(({ id, kind, text, why, path, by, createdAt }) => ({ id, kind, text, why, path, by, createdAt }));
}
