/**
 * Tenant-table keys of leads, declared once.
 *
 * - lead:      LEAD#<id> / LEAD
 *     gsi1: STAGE#<stageId> / <stageEnteredAt>#<id>        a stage's leads (kanban column), by entry time
 *     gsi2: CONTACT#<contactId>#LEADS / <createdAt>#<id>   a contact's leads (dossier, DSAR erasure)
 * - activity:  LEAD#<id> / ACTIVITY#<at>#<activityId>     the lead's timeline (created, moved, interest,
 *              task, note, notify, event); custom events of automations are also on
 *     gsi1: CUSTOM_EVENTS / <at>#<activityId>              (the tenant's custom event stream)
 */
export const LeadKeys = {
  lead: (leadId: string) => ({ pk: `LEAD#${leadId}`, sk: 'LEAD' }),
  partition: (leadId: string) => `LEAD#${leadId}`,
  byStage: (stageId: string, enteredAt: string, leadId: string) => ({ gsi1pk: `STAGE#${stageId}`, gsi1sk: `${enteredAt}#${leadId}` }),
  stageIndex: (stageId: string) => `STAGE#${stageId}`,
  byContact: (contactId: string, createdAt: string, leadId: string) => ({ gsi2pk: `CONTACT#${contactId}#LEADS`, gsi2sk: `${createdAt}#${leadId}` }),
  contactIndex: (contactId: string) => `CONTACT#${contactId}#LEADS`,
  activity: (leadId: string, at: string, activityId: string) => ({ pk: `LEAD#${leadId}`, sk: `${ACTIVITY_PREFIX}${at}#${activityId}` }),
  customEvent: (at: string, activityId: string) => ({ gsi1pk: CUSTOM_EVENTS_INDEX, gsi1sk: `${at}#${activityId}` }),
};

export const ACTIVITY_PREFIX = 'ACTIVITY#';
export const CUSTOM_EVENTS_INDEX = 'CUSTOM_EVENTS';
