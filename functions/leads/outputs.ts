import * as z from 'zod';
import { LeadEntity } from '../../shared/crm/leads/entities.js';
import { AutomationEntity, PipelineEntity, StageEntity } from '../../shared/crm/pipelines/entities.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { Company } from '../companies/outputs.js';
import { Contact } from '../contacts/outputs.js';

const Lead = LeadEntity.output;
/** A stage as answered: its attributes and its place in the pipeline's display order. */
const stageOutput = checkedOutput(StageEntity.output.extend({ position: z.number() }));
const { id, name, leadCount, createdAt, updatedAt } = PipelineEntity.output.shape;
/** A pipeline as answered: its attributes, whether it is the default, and its stages in display order. */
const pipelineOutput = checkedOutput(z.looseObject({ id, name, isDefault: z.boolean(), leadCount, stages: z.array(stageOutput), createdAt, updatedAt }));

/** Success answers of the leads operations (OpenAPI responses, MCP outputSchema; e2e suites parse real answers with them). */
const automationsFired = z
  .array(z.looseObject({ automationId: z.string(), type: z.string(), itemId: z.string() }))
  .describe("What the stage's automations did on entry");

export const LeadsController_dossierOutput = checkedOutput(
  z.looseObject({
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
  }),
);

const stage = StageEntity.output.shape;
export const LeadsController_kanbanOutput = checkedOutput(
  z.looseObject({
    pipeline: z.looseObject({ id, name, isDefault: z.boolean() }),
    stages: z.array(
      z.looseObject({
        id: stage.id,
        name: stage.name,
        kind: stage.kind,
        position: z.number(),
        leadCount: stage.leadCount,
        leads: z.array(
          Lead.extend({
            contact: z
              .looseObject({
                id: z.string().describe('Identifier'),
                firstName: z.string().nullable(),
                lastName: z.string().nullable(),
                email: z.string().nullable().describe('Primary email address (null for a contact reached by phone only)'),
                position: z.string().nullable(),
                companyId: z.string().nullable().describe('Company id (null when none)'),
              })
              .nullable()
              .describe('null when the contact was erased'),
          }),
        ),
        nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
      }),
    ),
  }),
);

export const LeadsController_moveOutput = checkedOutput(Lead.extend({ moved: z.boolean(), automationsFired }));

export const LeadsController_setInterestOutput = Lead;

export const PipelinesController_createAutomationOutput = AutomationEntity.output;

export const PipelinesController_createStageOutput = stageOutput;

export const leads_createOutput = checkedOutput(Lead.extend({ automationsFired }));

export const pipelines_createOutput = pipelineOutput;

export const pipelines_deleteOutput = checkedOutput(
  z.looseObject({
    id: z.string().describe('Identifier'),
    deleted: z.boolean(),
  }),
);

export const pipelines_getOutput = checkedOutput(pipelineOutput.extend({ automations: z.array(AutomationEntity.output) }));

export const pipelines_listOutput = checkedOutput(
  z.looseObject({
    data: z.array(pipelineOutput).describe('The items of this page'),
    nextCursor: z.string().nullable().describe('Cursor of the next page (pass it as `cursor`); null on the last page'),
  }),
);

export const pipelines_set_defaultOutput = pipelineOutput;
