import { suppress } from '../../crm/audience/suppression.js';
import { getCreativeItem, toCreative } from '../creatives/creatives.js';
import { htmlToText, renderCreativeFor } from '../creatives/render.js';
import { loadRecipientContexts } from '../creatives/recipient.js';
import { providerOfAddress } from '../deliverability/matrix.js';
import { senderDayUpdate } from '../senders/transport.js';
import { Task } from '../tasks/entities.js';
import { approvalDrifted, counterAdds, getTaskItem, type CounterName } from '../tasks/tasks.js';
import { activeTrackingDomain } from '../tracking-domains/tracking-domains.js';
import { ConditionFailed, exists, type TxOp, type UpdateSpec } from '../../platform/ports/table-store.js';
import { costStep } from '../../platform/runtime/cost-step.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { sendSettings } from '../../workspace/settings/settings.js';
import { bounceWindowAdd, checkBounceWindow } from './bounce-guard.js';
import { checkCompletion } from './complete.js';
import { composeMessage } from './compose.js';
import { gateBatch, pauseTask } from './gates.js';
import { getItems, itemKey, leaseHolder, leaseItems, moveItem, recoverLease, requeue, requeueMany, updateItem } from './items.js';
import type { RecordedOutcome, SendStore } from './port.js';
import { returnPaidSends, takePaidSends } from './prepaid.js';
import { alreadyInSentFolder } from './sent-folder.js';
import { transportFor } from './transports.js';

/** One store per runtime (its Deps) and tenant: the outcome committers a task's batches share are kept per store. */
const stores = new WeakMap<Deps, Map<string, SendStore>>();

/** The send worker's port (port.ts) over the tenant's table, the queue and the domains it reads and writes. */
export function sendStore(deps: Deps, tenantId: string): SendStore {
  const byTenant = stores.get(deps) ?? stores.set(deps, new Map()).get(deps)!;
  return byTenant.get(tenantId) ?? byTenant.set(tenantId, tableSendStore(deps, tenantId)).get(tenantId)!;
}

function tableSendStore(deps: Deps, tenantId: string): SendStore {
  const table = () => deps.tenantTable(tenantId);
  const iso = () => new Date(deps.clock.now()).toISOString();
  return {
    tenantId,
    get workerId() {
      return leaseHolder(deps);
    },
    get smtpBudgetMs() {
      return deps.config.sending.smtpBudgetMs;
    },
    now: () => deps.clock.now(),

    async loadBatch(taskId, contactIds) {
      const [task, items] = await Promise.all([getTaskItem(table(), taskId).catch(() => undefined), getItems(table(), taskId, contactIds)]);
      return { task, items };
    },
    settings: () => sendSettings(table()),
    async content(task, creative) {
      const c = creative ? toCreative(await getCreativeItem(table(), task.creativeId!)) : undefined;
      if (c && approvalDrifted(task, c.contentVersion)) return 'drifted';
      // Pre-rendered content (campaigns, sequences, replies) goes as is; a plain task renders its creative.
      return (it, recipient) =>
        it.content
          ? { subject: it.content.subject, html: it.content.html, text: it.content.text ?? htmlToText(it.content.html) }
          : renderCreativeFor(c!, recipient);
    },
    recipients: (contactIds) => loadRecipientContexts(table(), contactIds),
    trackingDomain: (name) => activeTrackingDomain(table(), name),
    inSentFolder: (accountId, items, messageIdOf) => alreadyInSentFolder(deps, tenantId, accountId, items, messageIdOf),
    providerOf: (email) => providerOfAddress(deps, email),

    gate: (task, settings, n, slotAt) => gateBatch(deps, tenantId, task, settings, n, slotAt),
    pauseTask: (task, reason, also) => pauseTask(deps, tenantId, task, reason, also),
    takePaidSends: (taskId, n) => takePaidSends(deps, tenantId, taskId, n),
    returnPaidSends: (taskId, n) => returnPaidSends(deps, tenantId, taskId, n),

    recoverLease: (item) => recoverLease(deps, tenantId, item),
    lease: (taskId, leases, at) => leaseItems(table(), taskId, leases, at),
    async unlease(it, workerId) {
      await updateItem(table(), it.taskId, it.contactId, {
        set: { status: 'QUEUED', updatedAt: iso() },
        remove: ['leaseUntil', 'workerId', 'smtpStartedAt'],
        add: { attempts: -1 }, // the lease counted an attempt that never happened
        condition: { expression: '#s = :sending AND workerId = :w', names: { '#s': 'status' }, values: { ':sending': 'SENDING', ':w': workerId } },
      });
    },
    async cancelQueued(it) {
      await moveItem(
        table(),
        it.taskId,
        it.contactId,
        {
          set: { status: 'CANCELLED', reason: 'task_cancelled', updatedAt: iso() },
          remove: ['gsi2pk', 'gsi2sk'],
          condition: { expression: '#s = :st', names: { '#s': 'status' }, values: { ':st': 'QUEUED' } },
        },
        { cancelled: 1, queued: -1 },
      );
    },
    requeue: (item, delayMs) => requeue(deps, tenantId, item, delayMs),
    requeueMany: (taskId, items, delayMs) => requeueMany(deps, tenantId, taskId, items, delayMs),
    async commitOutcomes(taskId, accountId, workerId, group) {
      const now = deps.clock.now();
      const at = new Date(now).toISOString();
      const counters: Partial<Record<CounterName, number>> = {};
      const moves = group.map((r) => transition(r, at, workerId));
      for (const m of moves) for (const [k, v] of Object.entries(m.counters) as [CounterName, number][]) counters[k] = (counters[k] ?? 0) + v;
      const outcomes = group.map((r) => r.o);
      // The bounce guard's counters ride on the day row the group rewrites anyway (bounce-guard.ts).
      const day = senderDayUpdate(accountId, now, outcomes);
      const guard = bounceWindowAdd(outcomes.map((o) => o.result));
      if (guard) day.spec.add = { ...day.spec.add, ...guard };
      const ops: TxOp[] = [
        ...moves.map((m, i) => ({ update: itemKey(taskId, outcomes[i].contactId), spec: m.spec })),
        { update: Task.key({ taskId }), spec: { add: counterAdds(counters), condition: exists } },
        day,
      ];
      try {
        await costStep('send: outcome', () => table().transact(ops));
      } catch (e) {
        if (e instanceof ConditionFailed) return 'lost';
        throw e;
      }
      return { window: !!guard };
    },
    bounceTripped: (accountId, guard, taskId) => checkBounceWindow(deps, tenantId, accountId, guard, taskId),
    async suppressBounce(email, note) {
      await suppress(table(), { email, source: 'bounce', note }, deps.clock.now());
    },
    checkCompletion: (taskId) => checkCompletion(deps, tenantId, taskId),

    compose: (m) => composeMessage(deps, m),
    transport: (account) => transportFor(deps, tenantId, account),
  };
}

/** An outcome as its item's update, conditional on this worker's lease, and the task counters it moves. */
function transition({ o, kind }: RecordedOutcome, at: string, workerId: string): { spec: UpdateSpec; counters: Partial<Record<CounterName, number>> } {
  const smtp = { outcome: o.result.outcome, code: o.result.code, response: o.result.response.slice(0, 500) };
  const condition = { expression: '#s = :sending AND workerId = :w', names: { '#s': 'status' }, values: { ':sending': 'SENDING', ':w': workerId } };
  const final = (status: string, extra: Record<string, unknown>, counters: Partial<Record<CounterName, number>>) => ({
    spec: { set: { status, smtp, updatedAt: at, ...extra }, remove: ['gsi2pk', 'gsi2sk', 'leaseUntil', 'workerId', 'dueAt'], condition },
    counters,
  });
  if (kind === 'deferred')
    return {
      spec: { set: { status: 'QUEUED', smtp, updatedAt: at }, remove: ['leaseUntil', 'workerId', 'smtpStartedAt'], condition },
      counters: { deferred: 1 },
    };
  if (o.result.outcome === 'accepted') return final('SENT', { sentAt: at }, { sent: 1, queued: -1 });
  if (o.result.outcome === 'rejected') return final('BOUNCED', { reason: 'hard_bounce' }, { bounced: 1, queued: -1 });
  return final('FAILED', { reason: 'deferred_too_often' }, { failed: 1, queued: -1, deferred: 1 });
}
