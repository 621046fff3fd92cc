/**
 * Storage port over one single-table-design table. Domain code talks to this, never to @aws-sdk.
 * Conditions are DynamoDB expression strings: they are data, so the domain stays SDK-free while the
 * adapter passes them through unchanged.
 */
export type Item = Record<string, unknown>;
export type Key = { pk: string; sk: string };

export interface Condition {
  expression: string;
  names?: Record<string, string>;
  values?: Record<string, unknown>;
}

export interface UpdateSpec {
  /** attribute -> value, written with SET */
  set?: Record<string, unknown>;
  /** attribute -> value, written with SET if_not_exists */
  setIfMissing?: Record<string, unknown>;
  /** attribute -> number, written with ADD */
  add?: Record<string, number>;
  remove?: string[];
  condition?: Condition;
}

export interface QuerySpec {
  index?: 'gsi1' | 'gsi2' | 'gsi3';
  pk: string;
  skBeginsWith?: string;
  skBetween?: [string, string];
  skGreaterThan?: string;
  skLessThan?: string;
  limit?: number;
  cursor?: string;
  descending?: boolean;
  filter?: Condition;
}

export interface Page<T = Item> {
  items: T[];
  cursor?: string;
}

export type TxOp =
  { put: Item; condition?: Condition } | { update: Key; spec: UpdateSpec } | { delete: Key; condition?: Condition } | { check: Key; condition: Condition };

export type EachOp = { insert: Item } | { update: Key; spec: UpdateSpec };

/** Seals paging cursors so that a client can neither forge nor transplant one (shared/platform/http/paging.ts). */
export interface CursorSealer {
  seal(scope: string, value: unknown): string;
  /** The value sealed for this scope, or the 400 `message`. */
  open(scope: string, cursor: string, message?: string): unknown;
}

export interface TableStore {
  readonly tableName: string;
  /** This table's cursor seal (one key per deployment, given by the process's composition root). */
  readonly cursors: CursorSealer;
  get<T = Item>(key: Key): Promise<T | undefined>;
  put(item: Item, condition?: Condition): Promise<void>;
  update<T = Item>(key: Key, spec: UpdateSpec): Promise<T>;
  delete(key: Key, condition?: Condition): Promise<void>;
  query<T = Item>(spec: QuerySpec): Promise<Page<T>>;
  /** Eventually consistent unless `consistent` (then each key as `get` reads it, at twice the read units). */
  batchGet<T = Item>(keys: Key[], opts?: { consistent?: boolean }): Promise<T[]>;
  /** Writes up to 25 items without conditions (bulk paths only). */
  batchPut(items: Item[]): Promise<void>;
  transact(ops: TxOp[]): Promise<void>;
  /**
   * Conditional writes that need no atomicity with each other, 25 to a call, each on its own (1 unit
   * per KB where a transaction's item costs 2): an `insert` only when its item does not exist, an
   * `update` only on an existing item whose condition holds (`add` needs the attribute to exist).
   * The items of one call are distinct. Answers per write whether it was done (false: the item existed,
   * or was missing or failed the condition).
   */
  writeEach(ops: EachOp[]): Promise<boolean[]>;
  /**
   * One page of the whole table in no order: `limit` items read (before `filter`), then `next`, the
   * key to start after, until every item was read. Data migrations only, never a request path.
   */
  scan<T = Item>(spec: ScanSpec): Promise<{ items: T[]; next?: Key }>;
}

export interface ScanSpec {
  limit: number;
  startAfter?: Key;
  filter?: Condition;
}

/** Thrown by adapters when a condition fails; `index` is the failing transaction item, if known. */
/** A write larger than the store keeps in one item (DynamoDB: 400 KB): the client sent too much. */
export class ItemTooLarge extends Error {
  constructor() {
    super('item too large');
    this.name = 'ItemTooLarge';
  }
}

export class ConditionFailed extends Error {
  constructor(
    readonly index?: number,
    readonly reasons: (string | undefined)[] = [],
  ) {
    super('condition failed');
    this.name = 'ConditionFailed';
  }
}

/**
 * The store cannot answer now: unreachable (connection refused or reset, a timeout, its 5xx) or
 * throttled (over its throughput). Adapters throw it; the pipeline answers 503 with Retry-After, and
 * background loops back off. Contention (a conflicting transaction, a failed condition) is not this.
 */
export class StoreUnavailable extends Error {
  constructor(
    readonly reason: 'unreachable' | 'throttled',
    options: ErrorOptions & { message?: string } = {},
  ) {
    super(options.message ?? (reason === 'throttled' ? 'store throttled' : 'store unreachable'), options);
    this.name = 'StoreUnavailable';
  }

  /** A hint for clients: throttling passes within a second; an unreachable store needs longer (a local restart, a failover). */
  get retryAfterSeconds() {
    return this.reason === 'throttled' ? 1 : 5;
  }
}

/** The StoreUnavailable behind `err`, also when it is the cause of another error or one of several (AggregateError). */
export function storeOutage(err: unknown, depth = 0): StoreUnavailable | undefined {
  if (err instanceof StoreUnavailable) return err;
  if (!err || typeof err !== 'object' || depth >= 5) return undefined;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  const nested = [cause, ...(Array.isArray(errors) ? errors : [])];
  for (const e of nested) {
    const found = storeOutage(e, depth + 1);
    if (found) return found;
  }
  return undefined;
}

export const notExists: Condition = { expression: 'attribute_not_exists(pk)' };
export const exists: Condition = { expression: 'attribute_exists(pk)' };

/** Creates and drops tables that share the single-table schema (platform table, per-tenant tables). */
export interface TableAdmin {
  ensureTable(name: string): Promise<void>;
  dropTable(name: string): Promise<void>;
}
