import { notFound } from '../../platform/errors.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { addCounters, updateItem } from './items.js';
import { verifyLink } from './links.js';

// The open and click ends of the links in sent emails: no credentials, the signed token is the authority.

/** Counts an open (total always, unique once per recipient via a conditional first-open stamp). */
export async function recordOpen(deps: Deps, token: string) {
  const p = verifyLink(deps, token, 'o');
  if (!p) return false;
  await countOnce(deps, p.t, p.a, p.c, 'openedAt', 'opens', 'uniqueOpens');
  return true;
}

/** Counts a click and answers the signed target (http/https only): never an open redirect. */
export async function recordClick(deps: Deps, token: string): Promise<string> {
  const p = verifyLink(deps, token, 'c');
  if (!p || typeof p.u !== 'string' || !/^https?:\/\//i.test(p.u)) throw notFound('Link');
  await countOnce(deps, p.t, p.a, p.c, 'clickedAt', 'clicks', 'uniqueClicks');
  return p.u;
}

async function countOnce(
  deps: Deps,
  tenantId: string,
  taskId: string,
  contactId: string,
  stamp: string,
  total: 'opens' | 'clicks',
  unique: 'uniqueOpens' | 'uniqueClicks',
) {
  const table = deps.tenantTable(tenantId);
  const first = await updateItem(table, taskId, contactId, {
    set: { [stamp]: new Date(deps.clock.now()).toISOString() },
    condition: { expression: `attribute_exists(pk) AND attribute_not_exists(${stamp})` },
  });
  await addCounters(table, taskId, first ? { [total]: 1, [unique]: 1 } : { [total]: 1 }).catch(() => undefined);
}

/** A transparent 1×1 GIF. */
export const PIXEL_GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
