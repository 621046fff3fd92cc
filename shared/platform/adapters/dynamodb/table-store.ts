import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  BatchExecuteStatementCommand,
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from './sdk.js';
import {
  ConditionFailed,
  ItemTooLarge,
  StoreUnavailable,
  type Condition,
  type EachOp,
  type Item,
  type Key,
  type Page,
  type QuerySpec,
  type ScanSpec,
  type CursorSealer,
  type TableStore,
  type TxOp,
  type UpdateSpec,
} from '../../ports/table-store.js';
import { consumedCapacity, kindOfKey, recordCapacity } from './consumed-capacity.js';
import { CursorSeal } from '../../http/paging.js';
import { BATCH_RETRY, sendUntilProcessed, type BatchRetryPolicy } from './batch-retry.js';
import { isLocalLockTimeout, rethrowOutage } from './store-errors.js';
import { ph, val, merge, conditionParams, updateParams, type Expr } from './expressions.js';
import { cursorScope, cursorWithin } from './query-cursor.js';
import { insertStatement, updateStatement } from './partiql.js';

/** A statement of a batch that was refused rather than contended: its item existed, or its condition failed. */
const REFUSED = new Set(['ConditionalCheckFailed', 'DuplicateItem']);
/** A statement that met a transaction on its item, a throttle or a passing fault: sent again. */
const CONTENDED = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded', 'RequestLimitExceeded', 'InternalServerError']);

/** TableStore over one DynamoDB table through the document client. */
export class DynamoTableStore implements TableStore {
  private readonly batchRetry: BatchRetryPolicy;
  readonly cursors: CursorSealer;

  /** `cursors`: the deployment's seal (its composition root derives it from SECRETS_KEY); a random one otherwise. */
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    readonly tableName: string,
    opts: { cursors?: CursorSealer; batchRetry?: BatchRetryPolicy } = {},
  ) {
    this.batchRetry = opts.batchRetry ?? BATCH_RETRY;
    this.cursors = opts.cursors ?? CursorSeal.random();
  }

  async get<T>(key: Key) {
    const out = await guard(() =>
      this.doc.send(new GetCommand({ TableName: this.tableName, Key: key, ConsistentRead: true, ReturnConsumedCapacity: 'TOTAL' })),
    );
    recordCapacity(out.ConsumedCapacity, 'read', kindOfKey(key));
    return out.Item as T | undefined;
  }

  async put(item: Item, condition?: Condition) {
    await guard(async () => {
      const out = await this.doc.send(
        new PutCommand({ TableName: this.tableName, Item: item, ReturnConsumedCapacity: 'TOTAL', ...conditionParams(condition) }),
      );
      recordCapacity(out.ConsumedCapacity, 'write', kindOfKey(item));
    });
  }

  async update<T>(key: Key, spec: UpdateSpec) {
    return guard(async () => {
      const out = await this.doc.send(
        new UpdateCommand({ TableName: this.tableName, Key: key, ...updateParams(spec), ReturnValues: 'ALL_NEW', ReturnConsumedCapacity: 'TOTAL' }),
      );
      recordCapacity(out.ConsumedCapacity, 'write', kindOfKey(key));
      return out.Attributes as T;
    });
  }

  async delete(key: Key, condition?: Condition) {
    await guard(async () => {
      const out = await this.doc.send(
        new DeleteCommand({ TableName: this.tableName, Key: key, ReturnConsumedCapacity: 'TOTAL', ...conditionParams(condition) }),
      );
      recordCapacity(out.ConsumedCapacity, 'write', kindOfKey(key));
    });
  }

  async query<T>(spec: QuerySpec): Promise<Page<T>> {
    const e: Expr = { names: {}, values: {} };
    const pkName = spec.index ? `${spec.index}pk` : 'pk';
    const skName = spec.index ? `${spec.index}sk` : 'sk';
    let cond = `${ph(e, pkName)} = ${val(e, spec.pk)}`;
    if (spec.skBeginsWith !== undefined) cond += ` AND begins_with(${ph(e, skName)}, ${val(e, spec.skBeginsWith)})`;
    else if (spec.skBetween) cond += ` AND ${ph(e, skName)} BETWEEN ${val(e, spec.skBetween[0])} AND ${val(e, spec.skBetween[1])}`;
    else if (spec.skGreaterThan !== undefined) cond += ` AND ${ph(e, skName)} > ${val(e, spec.skGreaterThan)}`;
    else if (spec.skLessThan !== undefined) cond += ` AND ${ph(e, skName)} < ${val(e, spec.skLessThan)}`;
    const filter = spec.filter ? merge(e, spec.filter) : undefined;
    const out = await guard(() =>
      this.doc.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: spec.index,
          KeyConditionExpression: cond,
          FilterExpression: filter,
          ExpressionAttributeNames: e.names,
          ExpressionAttributeValues: e.values,
          Limit: spec.limit,
          ScanIndexForward: !spec.descending,
          ExclusiveStartKey: spec.cursor ? cursorWithin(this.cursors, this.tableName, spec, pkName, skName) : undefined,
          ReturnConsumedCapacity: 'TOTAL',
        }),
      ),
    );
    recordCapacity(out.ConsumedCapacity, 'read', `query:${spec.index ?? 'table'}:${spec.pk.split('#')[0]}`);
    return {
      items: (out.Items ?? []) as T[],
      cursor: out.LastEvaluatedKey ? this.cursors.seal(cursorScope(this.tableName, spec), out.LastEvaluatedKey) : undefined,
    };
  }

  async scan<T>(spec: ScanSpec): Promise<{ items: T[]; next?: Key }> {
    const e: Expr = { names: {}, values: {} };
    const filter = spec.filter ? merge(e, spec.filter) : undefined;
    const out = await guard(() =>
      this.doc.send(
        new ScanCommand({
          TableName: this.tableName,
          FilterExpression: filter,
          ...(filter ? { ExpressionAttributeNames: e.names, ExpressionAttributeValues: e.values } : {}),
          Limit: spec.limit,
          ExclusiveStartKey: spec.startAfter,
          ReturnConsumedCapacity: 'TOTAL',
        }),
      ),
    );
    recordCapacity(out.ConsumedCapacity, 'read', 'scan:table');
    const last = out.LastEvaluatedKey;
    return { items: (out.Items ?? []) as T[], next: last ? { pk: String(last.pk), sk: String(last.sk) } : undefined };
  }

  async batchGet<T>(keys: Key[], opts: { consistent?: boolean } = {}) {
    const found: T[] = [];
    type Request = Record<string, { Keys: Key[]; ConsistentRead?: boolean }>;
    for (let i = 0; i < keys.length; i += 100) {
      await sendUntilProcessed<Request>(
        { [this.tableName]: { Keys: keys.slice(i, i + 100), ...(opts.consistent ? { ConsistentRead: true } : {}) } },
        async (request) => {
          const out = await guard(() => this.doc.send(new BatchGetCommand({ RequestItems: request, ReturnConsumedCapacity: 'TOTAL' })));
          out.ConsumedCapacity?.forEach((c) => recordCapacity(c, 'read', `batchGet:${kindOfKey(keys[i])}`));
          found.push(...((out.Responses?.[this.tableName] ?? []) as T[]));
          return out.UnprocessedKeys as Request | undefined;
        },
        (r) => r[this.tableName]?.Keys?.length ?? 0,
        { operation: 'batchGet', tableName: this.tableName },
        this.batchRetry,
      );
    }
    return found;
  }

  async batchPut(items: Item[]) {
    type Request = Record<string, unknown[]>;
    for (let i = 0; i < items.length; i += 25) {
      await sendUntilProcessed<Request>(
        { [this.tableName]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) },
        async (request) => {
          const out: { UnprocessedItems?: Request; ConsumedCapacity?: { CapacityUnits?: number }[] } = await guard(() =>
            this.doc.send(new BatchWriteCommand({ RequestItems: request as never, ReturnConsumedCapacity: 'TOTAL' })),
          );
          out.ConsumedCapacity?.forEach((c) => recordCapacity(c, 'write', `batchPut:${kindOfKey(items[i])}`));
          return out.UnprocessedItems;
        },
        (r) => r[this.tableName]?.length ?? 0,
        { operation: 'batchPut', tableName: this.tableName },
        this.batchRetry,
      );
    }
  }

  writeEach(ops: EachOp[]) {
    return writeEachBatch(this.doc, this.tableName, ops);
  }

  async transact(ops: TxOp[]) {
    if (ops.length === 0) return;
    const TransactItems: NonNullable<TransactWriteCommandInput['TransactItems']> = ops.map((op) => {
      const TableName = this.tableName;
      if ('put' in op) return { Put: { TableName, Item: op.put, ...conditionParams(op.condition) } };
      if ('update' in op) return { Update: { TableName, Key: op.update, ...updateParams(op.spec) } };
      if ('delete' in op) return { Delete: { TableName, Key: op.delete, ...conditionParams(op.condition) } };
      return { ConditionCheck: { TableName, Key: op.check, ...conditionParams(op.condition)! } as never };
    });
    await guard(async () => {
      const out = await sendRetryingConflicts(() => this.doc.send(new TransactWriteCommand({ TransactItems, ReturnConsumedCapacity: 'TOTAL' })));
      // DynamoDB Local under-reports transactions; AWS bills 2 units per item (per KB): count at least that.
      const reported = (out.ConsumedCapacity ?? []).reduce((n, c) => n + (c.WriteCapacityUnits ?? c.CapacityUnits ?? 0), 0);
      recordCapacity({ WriteCapacityUnits: Math.max(reported, 2 * ops.length) }, 'write', `tx:${txLabel(ops)}`);
    });
  }
}

/**
 * `writeEach` through BatchExecuteStatement (PartiQL), 25 statements a call. A statement that met a
 * transaction on its item (TransactionConflict) or a throttle is sent again with jitter, a few times.
 */
async function writeEachBatch(doc: DynamoDBDocumentClient, tableName: string, ops: EachOp[]): Promise<boolean[]> {
  const done: boolean[] = new Array(ops.length).fill(false);
  for (let i = 0; i < ops.length; i += 25) {
    let left = ops
      .slice(i, i + 25)
      .map((op, k) => ({ at: i + k, st: 'insert' in op ? insertStatement(tableName, op.insert) : updateStatement(tableName, op.update, op.spec) }));
    const first = ops[i];
    const kind = `each:${kindOfKey('insert' in first ? first.insert : first.update)}`;
    for (let attempt = 1; left.length; attempt++) {
      const out = await guard(() => doc.send(new BatchExecuteStatementCommand({ Statements: left.map((l) => l.st), ReturnConsumedCapacity: 'TOTAL' })));
      // DynamoDB Local reports no units for PartiQL batches; AWS bills each write (a refused one too) at least 1.
      const reported = (out.ConsumedCapacity ?? []).reduce((n, c) => n + (c.WriteCapacityUnits ?? c.CapacityUnits ?? 0), 0);
      recordCapacity({ WriteCapacityUnits: Math.max(reported, left.length) }, 'write', kind);
      const retry: typeof left = [];
      (out.Responses ?? []).forEach((r, k) => {
        const code = r.Error?.Code;
        if (!code) done[left[k].at] = true;
        else if (CONTENDED.has(code)) retry.push(left[k]);
        else if (!REFUSED.has(code)) throw new Error(`writeEach: ${code}: ${r.Error?.Message ?? ''}`);
      });
      if (retry.length && attempt >= 6) throw new StoreUnavailable('throttled', { message: `writeEach: ${retry.length} statements contended or throttled` });
      if (retry.length) await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
      left = retry;
    }
  }
  return done;
}

/**
 * Transactions touching one hot item (a task's counters, a mailbox day row) from several workers at
 * once are cancelled with `TransactionConflict` in AWS (DynamoDB Local: a lock-wait timeout); the SDK
 * does not retry that. A few short jittered retries do, before the error reaches the caller (whose
 * message is then retried).
 */
async function sendRetryingConflicts<T>(send: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send();
    } catch (err) {
      const reasons = ((err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
      const conflictOnly =
        ((err as { name?: string }).name === 'TransactionCanceledException' &&
          reasons.includes('TransactionConflict') &&
          !reasons.includes('ConditionalCheckFailed')) ||
        isLocalLockTimeout(err);
      if (!conflictOnly || attempt >= attempts) throw err;
      consumedCapacity.conflictRetries++;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * 2 ** attempt));
    }
  }
}

const opKind = (op: TxOp) => kindOfKey('put' in op ? op.put : 'update' in op ? op.update : 'delete' in op ? op.delete : op.check);

/** `TASK/ITEM×99+TASK/TASK`: the kinds of a transaction's items, repeats counted. */
function txLabel(ops: TxOp[]) {
  const counts = new Map<string, number>();
  for (const op of ops) counts.set(opKind(op), (counts.get(opKind(op)) ?? 0) + 1);
  return [...counts].map(([k, n]) => (n > 1 ? `${k}×${n}` : k)).join('+');
}

/** Every call to DynamoDB: its errors become the port's (ConditionFailed, ItemTooLarge, StoreUnavailable) or stay as they are. */
async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    const e = err as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (e.name === 'ConditionalCheckFailedException') throw new ConditionFailed(0, ['ConditionalCheckFailed']);
    if (e.name === 'ValidationException' && /item size|size of the item|exceeds? the maximum allowed size/i.test((err as Error).message ?? ''))
      throw new ItemTooLarge();
    if (e.name === 'TransactionCanceledException') {
      const reasons = (e.CancellationReasons ?? []).map((r) => r.Code);
      const index = reasons.findIndex((c) => c === 'ConditionalCheckFailed');
      if (index >= 0) throw new ConditionFailed(index, reasons);
    }
    rethrowOutage(err);
  }
}
