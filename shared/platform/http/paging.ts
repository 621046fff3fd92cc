import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { badRequest } from '../errors.js';
import type { CursorSealer } from '../ports/table-store.js';

/**
 * The paging contract of list operations: `pageSize` (the spec's name) and an opaque `cursor` in;
 * `{data, nextCursor}` out, `nextCursor` null at the end.
 */
export const pageQuery = (maxPageSize = 100, defaultPageSize = 50) => ({
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
  cursor: z.string().min(1).max(2048).optional(),
});

/** Domain list functions take `{limit, cursor}`; this maps the query onto them. */
export const toPage = <Q extends { pageSize: number; cursor?: string }>({ pageSize, ...rest }: Q) => ({ ...rest, limit: pageSize });

/**
 * Signed paging cursors. A cursor is `<payload>.<mac>`: the payload (base64url JSON) is what the store
 * resumes from, the mac an HMAC-SHA256 over a scope (table = tenant, index, partition, query) and the
 * payload, with a key derived from SECRETS_KEY. A changed or transplanted cursor is the 400 `cursor is
 * not valid` before anything reaches the store (a forged key with `sk: ""` used to be a 500).
 * Each process builds one from its config and hands it to its table stores (the composition roots);
 * `CursorSeal.random()` (a store built without one, in a test) makes cursors that only that process opens.
 */
export class CursorSeal implements CursorSealer {
  private constructor(private readonly key: Buffer) {}

  /** The seal every process of a deployment shares: derived from SECRETS_KEY (base64). */
  static fromSecretsKey(secretsKeyBase64: string) {
    return new CursorSeal(createHmac('sha256', Buffer.from(secretsKeyBase64, 'base64')).update('svc paging cursor v1').digest());
  }

  static random() {
    return new CursorSeal(randomBytes(32));
  }

  private macOf(scope: string, payload: string) {
    return createHmac('sha256', this.key).update(scope).update('\n').update(payload).digest().subarray(0, 18).toString('base64url');
  }

  seal(scope: string, value: unknown): string {
    const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${payload}.${this.macOf(scope, payload)}`;
  }

  /** The value sealed for this scope, or the 400 for anything else. */
  open(scope: string, cursor: string, message = 'cursor is not valid'): unknown {
    const dot = cursor.lastIndexOf('.');
    const payload = cursor.slice(0, dot);
    const mac = Buffer.from(cursor.slice(dot + 1));
    const expected = Buffer.from(this.macOf(scope, payload));
    if (dot <= 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) throw badRequest([message]);
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      throw badRequest([message]);
    }
  }
}
