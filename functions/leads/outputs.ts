import * as z from 'zod';
import { Company } from '../companies/outputs.js';
import { Contact } from '../contacts/outputs.js';
import { Lead } from './lead-output.js';

/** Success answers of the leads operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
const automationsFired = z
  .array(z.looseObject({ automationId: z.string(), type: z.string(), itemId: z.string() }))
  .describe("What the stage's automations did on entry");

export const LeadsController_dossierOutput = z.looseObject({
  lead: Lead,
  pipeline: z
    .looseObject({ id: z.string().describe('Identifier'), name: z.string() })
    .nullable()
    .describe('null when the pipeline was deleted'),
  stage: z
    .looseObject({ id: z.string().describe('Identifier'), name: z.string(), kind: z.string(), position: z.number() })
    .nullable()
    .describe('null when the stage was deleted'),
  contact: Contact.nullable().describe('The contact, with its channels (null when it was erased)'),
  company: Company.nullable().describe("The contact's company (null when none)"),
  otherLeads: z.array(z.unknown()),
  activity: z.array(
    z.looseObject({
      createdAt: z.string().describe('ISO 8601 time of creation'),
      note: z.string().optional(),
      kind: z.string(),
      from: z.string().optional(),
      id: z.string().describe('Identifier'),
      to: z.string().optional(),
      leadId: z.string(),
      source: z.string().optional(),
      stageId: z.string().optional().describe('Pipeline stage id'),
      pipelineId: z.string().optional().describe('Pipeline id'),
      automationId: z.string().optional(),
      text: z.string().optional(),
      contactId: z.string().optional().describe('Contact id'),
      name: z.string().optional(),
      fromStageId: z.string().optional(),
      toStageId: z.string().optional(),
      dueAt: z.string().optional(),
      title: z.string().optional(),
      status: z.string().optional(),
    }),
  ),
  activityCursor: z.unknown(),
});

export const LeadsController_kanbanOutput = z.looseObject({
  pipeline: z.looseObject({
    id: z.string().describe('Identifier'),
    name: z.string(),
    isDefault: z.boolean(),
  }),
  stages: z.array(
    z.looseObject({
      id: z.string().describe('Identifier'),
      name: z.string(),
      kind: z.string(),
      position: z.number(),
      leadCount: z.number(),
      leads: z.array(
        Lead.extend({
          contact: z.looseObject({
            id: z.string().describe('Identifier'),
            firstName: z.string().nullable(),
            lastName: z.string().nullable(),
            email: z.string().nullable().describe('Primary email address (null for a contact reached by phone only)'),
            position: z.string().nullable(),
            companyId: z.string().nullable().describe('Company id (null when none)'),
          }),
        }),
      ),
      nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
    }),
  ),
});

export const LeadsController_moveOutput = Lead.extend({ moved: z.boolean(), automationsFired });

export const LeadsController_setInterestOutput = Lead;

export const PipelinesController_createAutomationOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  pipelineId: z.string().describe('Pipeline id'),
  stageId: z.string().describe('Pipeline stage id'),
  name: z.string().optional(),
  trigger: z.string(),
  actions: z.array(
    z.looseObject({
      type: z.string(),
      title: z.string().optional(),
      dueInDays: z.number().optional(),
      text: z.string().optional(),
      message: z.string().optional(),
      name: z.string().optional(),
    }),
  ),
  createdAt: z.string().describe('ISO 8601 time of creation'),
});

export const PipelinesController_createStageOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  pipelineId: z.string().describe('Pipeline id'),
  name: z.string(),
  kind: z.string(),
  order: z.number(),
  leadCount: z.number(),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  position: z.number(),
});

export const leads_createOutput = Lead.extend({ automationsFired });

export const pipelines_createOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  name: z.string(),
  isDefault: z.boolean(),
  leadCount: z.number(),
  stages: z.array(
    z.looseObject({
      id: z.string().describe('Identifier'),
      pipelineId: z.string().describe('Pipeline id'),
      name: z.string(),
      kind: z.string(),
      order: z.number(),
      leadCount: z.number(),
      createdAt: z.string().describe('ISO 8601 time of creation'),
      position: z.number(),
    }),
  ),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
});

export const pipelines_deleteOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  deleted: z.boolean(),
});

export const pipelines_getOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  name: z.string(),
  isDefault: z.boolean(),
  leadCount: z.number(),
  stages: z.array(
    z.looseObject({
      id: z.string().describe('Identifier'),
      pipelineId: z.string().describe('Pipeline id'),
      name: z.string(),
      kind: z.string(),
      order: z.number(),
      leadCount: z.number(),
      createdAt: z.string().describe('ISO 8601 time of creation'),
      position: z.number(),
    }),
  ),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
  automations: z.array(
    z.looseObject({
      id: z.string().describe('Identifier'),
      pipelineId: z.string().describe('Pipeline id'),
      stageId: z.string().describe('Pipeline stage id'),
      name: z.string().optional().describe('Absent when the automation was created without one'),
      trigger: z.string(),
      actions: z.array(
        z.looseObject({
          type: z.string(),
          title: z.string().optional(),
          dueInDays: z.number().optional(),
          text: z.string().optional(),
          message: z.string().optional(),
          name: z.string().optional(),
        }),
      ),
      createdAt: z.string().describe('ISO 8601 time of creation'),
    }),
  ),
});

export const pipelines_listOutput = z.looseObject({
  data: z
    .array(
      z.looseObject({
        id: z.string().describe('Identifier'),
        name: z.string(),
        isDefault: z.boolean(),
        leadCount: z.number(),
        stages: z.array(
          z.looseObject({
            id: z.string().describe('Identifier'),
            pipelineId: z.string().describe('Pipeline id'),
            name: z.string(),
            kind: z.string(),
            order: z.number(),
            leadCount: z.number(),
            createdAt: z.string().describe('ISO 8601 time of creation'),
            position: z.number(),
          }),
        ),
        createdAt: z.string().describe('ISO 8601 time of creation'),
        updatedAt: z.string().describe('ISO 8601 time of the last change'),
      }),
    )
    .describe('The items of this page'),
  nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
});

export const pipelines_set_defaultOutput = z.looseObject({
  id: z.string().describe('Identifier'),
  name: z.string(),
  isDefault: z.boolean(),
  leadCount: z.number(),
  stages: z.array(
    z.looseObject({
      id: z.string().describe('Identifier'),
      pipelineId: z.string().describe('Pipeline id'),
      name: z.string(),
      kind: z.string(),
      order: z.number(),
      leadCount: z.number(),
      createdAt: z.string().describe('ISO 8601 time of creation'),
      position: z.number(),
    }),
  ),
  createdAt: z.string().describe('ISO 8601 time of creation'),
  updatedAt: z.string().describe('ISO 8601 time of the last change'),
});
