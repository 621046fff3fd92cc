import * as z from 'zod';
import { defineEntity } from '../../platform/data/entity.js';
import { INTEREST_LEVELS, LEAD_SOURCES, LEAD_STATUSES } from './types.js';

/** Tenant-table entities of leads. */

/**
 * A lead: gsi1 is its stage's column (by entry time), gsi2 a contact's leads (dossier, DSAR erasure).
 * Its attributes are what the leads operations answer (`LeadEntity.output`, the type `Lead`).
 */
export const LeadEntity = defineEntity({
  entity: 'lead',
  formerly: 'LEAD',
  version: 1,
  table: 'tenant',
  keys: {
    primary: { pk: 'LEAD#${leadId}', sk: 'LEAD' },
    byStage: { index: 'gsi1', pk: 'STAGE#${stageId}', sk: '${stageEnteredAt}#${leadId}' },
    byContact: { index: 'gsi2', pk: 'CONTACT#${contactId}#LEADS', sk: '${createdAt}#${leadId}' },
  },
  attributes: {
    id: z.string().describe('Identifier'),
    contactId: z.string().describe('Contact id'),
    companyId: z.string().nullable().describe('Company id (null when none)'),
    pipelineId: z.string().describe('Pipeline id'),
    stageId: z.string().describe('Pipeline stage id'),
    status: z.enum(LEAD_STATUSES).describe('open, or won / lost once the lead is in a closing stage'),
    title: z.string().nullable(),
    value: z.number().nullable().describe('Deal value (null when not set)'),
    currency: z.string().nullable(),
    interest: z.enum(INTEREST_LEVELS),
    source: z.enum(LEAD_SOURCES),
    sourceRef: z.string().nullable().describe('Id of what created it (form submission, dialog), when any'),
    createdAt: z.string().describe('ISO 8601 time of creation'),
    updatedAt: z.string().describe('ISO 8601 time of the last change'),
    stageEnteredAt: z.string(),
    closedAt: z.string().nullable(),
  },
  // Leads written before interest and source existed.
  defaults: { interest: 'unknown', source: 'manual' },
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
