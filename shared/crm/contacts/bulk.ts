import { badRequest, isAppError } from '../../platform/errors.js';
import type { TableStore } from '../../platform/ports/table-store.js';
import { deleteContact, updateContact, type ContactPatch } from './contacts.js';

export interface BulkResult {
  id: string;
  ok: boolean;
  error?: { status: number; code?: string; message: string | string[] };
}

const CONCURRENCY = 8;

/** An error body's message (a string, or a 400's list), else its code, else the status. */
const messageOf = (body: Record<string, unknown>, status: number): string | string[] => {
  const m = body.message;
  if (typeof m === 'string' || (Array.isArray(m) && m.every((x) => typeof x === 'string'))) return m;
  return body.code ? String(body.code) : `HTTP ${status}`;
};

/**
 * Applies one action to many contacts (bounded by the schema's BULK_MAX). Each id gets its own
 * `{id, ok, error?}`: a missing contact or a bad value fails that item only, never the batch.
 */
export async function bulkContacts(table: TableStore, input: { action: 'update' | 'delete'; ids: string[]; patch?: ContactPatch }, now: number) {
  if (input.action === 'update' && !input.patch) throw badRequest(['patch should not be empty']);
  const ids = [...new Set(input.ids)];
  const results: BulkResult[] = new Array(ids.length);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const i = next++;
      const id = ids[i];
      try {
        if (input.action === 'delete') await deleteContact(table, id, now);
        else await updateContact(table, id, input.patch ?? {}, now);
        results[i] = { id, ok: true };
      } catch (e) {
        if (!isAppError(e)) throw e;
        const body = (e.body ?? {}) as Record<string, unknown>;
        results[i] = {
          id,
          ok: false,
          error: { status: e.status, ...(body.code ? { code: String(body.code) } : {}), message: messageOf(body, e.status) },
        };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  const succeeded = results.filter((r) => r.ok).length;
  return { action: input.action, total: results.length, succeeded, failed: results.length - succeeded, results };
}
