import { defineEntity } from '../data/entity.js';

/** Tenant-table entities of leads. */

/** A lead: gsi1 is its stage's column (by entry time), gsi2 a contact's leads (dossier, DSAR erasure). */
export const LeadEntity = defineEntity({
  entity: 'LEAD',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'LEAD#${leadId}', sk: 'LEAD' },
    byStage: { index: 'gsi1', pk: 'STAGE#${stageId}', sk: '${stageEnteredAt}#${leadId}' },
    byContact: { index: 'gsi2', pk: 'CONTACT#${contactId}#LEADS', sk: '${createdAt}#${leadId}' },
  },
});

/**
 * One entry of a lead's timeline (created, moved, interest, task, note, notify, event). Custom events
 * of automations are also on gsi1, the tenant's custom event stream (give `eventAt` for those only).
 */
export const LeadActivity = defineEntity({
  entity: 'lead_activity',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'LEAD#${leadId}', sk: 'ACTIVITY#${at}#${activityId}' },
    customEvents: { index: 'gsi1', pk: 'CUSTOM_EVENTS', sk: '${eventAt}#${activityId}' },
  },
});
