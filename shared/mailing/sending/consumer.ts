import { log } from '../../platform/runtime/logger.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { buildTaskItems } from './build.js';
import { sweepTenantSends } from './lease-sweep.js';
import { SEND_BATCH, type SendMessage } from './queue.js';
import { sendStore } from './store.js';
import { sendItems } from './worker.js';
import { costStep } from '../../platform/runtime/cost-step.js';

/** The `sends` queue consumer (SQS Lambda and the local worker run the same code). */
export async function handleSendMessage(deps: Deps, msg: SendMessage) {
  switch (msg?.type) {
    case 'build':
      return costStep('build: screen (reads)', () => buildTaskItems(deps, msg.tenantId, msg.taskId));
    case 'send':
      return costStep('send: batch reads', () =>
        sendItems(
          sendStore(deps, msg.tenantId),
          msg.taskId,
          (msg.contactIds ?? [msg.contactId]).filter((id): id is string => typeof id === 'string').slice(0, SEND_BATCH),
        ),
      );
    case 'sweep-tenant':
      return void (await sweepTenantSends(deps, msg.tenantId));
    default:
      log.warn('unknown send message', { type: (msg as { type?: string })?.type });
  }
}
