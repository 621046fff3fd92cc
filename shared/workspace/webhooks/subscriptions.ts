import { badRequest, conflict, notFound } from '../../platform/errors.js';
import { EVENT_KINDS, type EventKind } from '../../platform/events/outbox.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, type TableStore } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { checkTargetUrl, OutboundBlocked } from '../../platform/security/outbound-fetch.js';
import { decryptSecret, encryptSecret } from '../../platform/security/secrets.js';
import { WebhookSubscription, WebhookSubscriptionCount } from './entities.js';

/** Secret rule: 24 to 256 printable ASCII characters without spaces (so raw bytes = UTF-8 = latin1). */
export const SECRET_MIN = 24;
export const SECRET_MAX = 256;
export const SECRET_PATTERN = /^[\x21-\x7e]+$/;
/** Per-tenant cap (keeps a dispatch of one event inside one DynamoDB transaction). */
export const MAX_SUBSCRIPTIONS = 20;

export interface SubscriptionItem {
  id: string;
  url: string;
  events: EventKind[];
  description?: string;
  active: boolean;
  secretEnc: string;
  secretHint: string;
  createdAt: string;
  updatedAt: string;
}

/** The public view: never the secret, only its last four characters as a hint. */
export const subscriptionView = (s: SubscriptionItem) => ({
  id: s.id,
  url: s.url,
  events: s.events,
  description: s.description ?? null,
  active: s.active,
  secretHint: s.secretHint,
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
});

const hintOf = (secret: string) => `…${secret.slice(-4)}`;

/** Static URL rule at subscription time: HTTPS, no private/loopback literal (loopback http only with the test flag). */
export function validateWebhookUrl(deps: Deps, url: string) {
  try {
    checkTargetUrl(url, { requireHttps: true, allowLoopback: deps.config.allowLoopbackTargets });
  } catch (e) {
    if (e instanceof OutboundBlocked) throw badRequest([`url ${e.reason === 'HTTPS required' ? 'must be an HTTPS URL' : `is not allowed (${e.reason})`}`]);
    throw e;
  }
}

export const standardWebhooksSecret = (secret: string) => `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;

export async function createSubscription(
  deps: Deps,
  table: TableStore,
  input: { url: string; events: EventKind[]; secret: string; description?: string; active?: boolean },
) {
  validateWebhookUrl(deps, input.url);
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const item: SubscriptionItem = {
    id,
    url: input.url,
    events: [...new Set(input.events)],
    description: input.description,
    active: input.active ?? true,
    secretEnc: encryptSecret(input.secret, deps.config.secretsKey),
    secretHint: hintOf(input.secret),
    createdAt: at,
    updatedAt: at,
  };
  try {
    await table.transact([
      {
        put: WebhookSubscription.item({ subscriptionId: id }, { ...item, type: 'WebhookSubscription' }),
        condition: { expression: 'attribute_not_exists(pk)' },
      },
      {
        update: WebhookSubscriptionCount.key({}),
        spec: {
          add: { n: 1 },
          setIfMissing: { entity: WebhookSubscriptionCount.name, _v: WebhookSubscriptionCount.version },
          condition: { expression: 'attribute_not_exists(n) OR n < :max', values: { ':max': MAX_SUBSCRIPTIONS } },
        },
      },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) throw conflict(`At most ${MAX_SUBSCRIPTIONS} webhook subscriptions per workspace`, { code: 'webhook_limit' });
    throw e;
  }
  // The only time the secret-derived Standard Webhooks key is shown: the caller already holds the secret.
  return { ...subscriptionView(item), standardWebhooksSecret: standardWebhooksSecret(input.secret) };
}

export async function getSubscriptionItem(table: TableStore, id: string) {
  return table.get<SubscriptionItem>(WebhookSubscription.key({ subscriptionId: id }));
}

export async function getSubscription(table: TableStore, id: string) {
  const s = await getSubscriptionItem(table, id);
  if (!s) throw notFound('Webhook');
  return subscriptionView(s);
}

export async function listSubscriptions(table: TableStore, page: { pageSize?: number; cursor?: string } = {}) {
  const pageSize = page.pageSize ?? 20;
  const out = await table.query<SubscriptionItem>({ ...WebhookSubscription.query('primary', {}), limit: pageSize, cursor: page.cursor });
  return { data: out.items.map(subscriptionView), pageSize, nextCursor: out.cursor ?? null };
}

/** Every subscription of a tenant (at most MAX_SUBSCRIPTIONS), with secrets, for the dispatcher. */
export async function allSubscriptions(table: TableStore) {
  const out = await table.query<SubscriptionItem>({ ...WebhookSubscription.query('primary', {}), limit: MAX_SUBSCRIPTIONS + 5 });
  return out.items;
}

export async function updateSubscription(
  deps: Deps,
  table: TableStore,
  id: string,
  patch: { url?: string; events?: EventKind[]; secret?: string; description?: string | null; active?: boolean },
) {
  if (patch.url !== undefined) validateWebhookUrl(deps, patch.url);
  const set: Record<string, unknown> = { updatedAt: new Date(deps.clock.now()).toISOString() };
  const remove: string[] = [];
  if (patch.url !== undefined) set.url = patch.url;
  if (patch.events !== undefined) set.events = [...new Set(patch.events)];
  if (patch.active !== undefined) set.active = patch.active;
  if (patch.description === null) remove.push('description');
  else if (patch.description !== undefined) set.description = patch.description;
  if (patch.secret !== undefined) {
    set.secretEnc = encryptSecret(patch.secret, deps.config.secretsKey);
    set.secretHint = hintOf(patch.secret);
  }
  try {
    const after = await table.update<SubscriptionItem>(WebhookSubscription.key({ subscriptionId: id }), {
      set,
      remove,
      condition: { expression: 'attribute_exists(pk)' },
    });
    return subscriptionView(after);
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Webhook');
    throw e;
  }
}

export async function deleteSubscription(table: TableStore, id: string) {
  try {
    await table.transact([
      { delete: WebhookSubscription.key({ subscriptionId: id }), condition: { expression: 'attribute_exists(pk)' } },
      { update: WebhookSubscriptionCount.key({}), spec: { add: { n: -1 } } },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed) throw notFound('Webhook');
    throw e;
  }
  return { id, deleted: true };
}

export const subscriptionSecret = (deps: Deps, s: SubscriptionItem) => decryptSecret(s.secretEnc, deps.config.secretsKey);
export { EVENT_KINDS };
