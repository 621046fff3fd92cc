import { badRequest } from '../../platform/errors.js';
import { newId } from '../../platform/data/ids.js';
import { ConditionFailed, notExists, type Item, type TableStore, type TxOp } from '../../platform/ports/table-store.js';
import type { Deps } from '../../platform/runtime/deps.js';
import { getStage, getPipeline } from './pipelines.js';
import { MAX_AUTOMATIONS_PER_STAGE, type Automation, type AutomationAction } from './types.js';
import { LeadActivity } from '../leads/entities.js';
import { AutomationEntity, StageEntity } from './entities.js';
import { NotificationEntity } from '../../workspace/notifications/entities.js';

type Tenant = { tenantId: string; table: TableStore };

/**
 * Stores an automation: when a lead enters `stageId` (moved there, or created there), its actions run
 * in the same transaction as the move:
 * - task:   a lead activity item of kind `task` {title, dueAt} (the lead's to-do until a tasks module exists)
 * - note:   a lead activity item of kind `note` {text}
 * - notify: an item of kind `lead_automation` {title, message, leadId} in the workspace notification feed
 *           (shared/workspace/notifications, read with notifications_list)
 * - event:  a custom event {name, leadId, stageId} on the lead's timeline and the tenant's CUSTOM_EVENTS
 *           stream (webhooks carry only the spec's eight kinds, so custom events are not delivered)
 */
export async function createAutomation(
  deps: Deps,
  tenant: Tenant,
  pipelineId: string,
  input: { stageId: string; name?: string; actions: AutomationAction[] },
): Promise<Automation> {
  await getPipeline(tenant.table, pipelineId);
  await getStage(tenant.table, pipelineId, input.stageId);
  const now = deps.clock.now();
  const at = new Date(now).toISOString();
  const id = newId(now);
  const item = AutomationEntity.item(
    { pipelineId, stageId: input.stageId, automationId: id },
    { id, pipelineId, stageId: input.stageId, name: input.name, trigger: 'stage_entered', actions: input.actions, createdAt: at },
  );
  try {
    await tenant.table.transact([
      {
        update: StageEntity.key({ pipelineId, stageId: input.stageId }),
        spec: {
          add: { automationCount: 1 },
          condition: {
            expression: 'attribute_exists(pk) AND (attribute_not_exists(automationCount) OR automationCount < :max)',
            values: { ':max': MAX_AUTOMATIONS_PER_STAGE },
          },
        },
      },
      { put: item, condition: notExists },
    ]);
  } catch (e) {
    if (e instanceof ConditionFailed && e.index === 0) throw badRequest([`a stage has at most ${MAX_AUTOMATIONS_PER_STAGE} automations`]);
    throw e;
  }
  return AutomationEntity.view(item);
}

export async function automationsOfStage(table: TableStore, pipelineId: string, stageId: string): Promise<Automation[]> {
  const page = await table.query({ ...AutomationEntity.query('primary', { pipelineId, stageId }), limit: MAX_AUTOMATIONS_PER_STAGE * 2 });
  return page.items.map(AutomationEntity.view);
}

export interface FiredAction {
  automationId: string;
  type: AutomationAction['type'];
  /** Id of the item the action wrote (activity or notification). */
  itemId: string;
}

/** The writes of every automation of a stage for one lead entering it, to add to the move's transaction. */
export function automationWrites(automations: Automation[], ctx: { leadId: string; contactId: string; pipelineId: string; stageId: string; now: number }) {
  const ops: TxOp[] = [];
  const fired: FiredAction[] = [];
  const at = new Date(ctx.now).toISOString();
  for (const a of automations) {
    for (const action of a.actions) {
      const itemId = newId(ctx.now);
      const base = { leadId: ctx.leadId, automationId: a.id, stageId: ctx.stageId, createdAt: at };
      let put: Item;
      switch (action.type) {
        case 'task':
          put = LeadActivity.item(
            { leadId: ctx.leadId, at, activityId: itemId },
            {
              id: itemId,
              kind: 'task',
              ...base,
              title: action.title,
              status: 'open',
              dueAt: new Date(ctx.now + (action.dueInDays ?? 1) * 86_400_000).toISOString(),
            },
          );
          break;
        case 'note':
          put = LeadActivity.item({ leadId: ctx.leadId, at, activityId: itemId }, { id: itemId, kind: 'note', ...base, text: action.text });
          break;
        case 'notify':
          put = NotificationEntity.item(
            { notificationId: itemId },
            {
              id: itemId,
              kind: 'lead_automation',
              ...base,
              title: action.title,
              message: action.message ?? action.title,
              createdBy: { userId: null, keyId: null, channel: 'automation' },
            },
          );
          break;
        case 'event':
          put = LeadActivity.item(
            { leadId: ctx.leadId, at, activityId: itemId, eventAt: at },
            { id: itemId, kind: 'event', ...base, name: action.name, pipelineId: ctx.pipelineId, contactId: ctx.contactId },
          );
          break;
      }
      ops.push({ put, condition: notExists });
      fired.push({ automationId: a.id, type: action.type, itemId });
    }
  }
  return { ops, fired };
}
