import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { listApprovals } from '../../shared/mailing/tasks/approvals.js';
import { lambdaHandler } from '../lambda.js';
import { checkedOutput } from '../../shared/platform/registry/output-check.js';
import { CAMPAIGN_STATUSES } from '../../shared/mailing/campaigns/entities.js';
import { APPROVAL_STATUSES, TASK_STATUSES, taskActor } from '../../shared/mailing/tasks/entities.js';

const actor = taskActor.nullable().describe('Who prepared it; null when not recorded (created before this was kept)');
const content = z.looseObject({ subject: z.string(), bodyHtml: z.string() }).nullable();

const output = checkedOutput(
  z.looseObject({
    count: z.number().describe('How many items wait: tasks + creatives + campaigns'),
    tasks: z
      .array(
        z.looseObject({
          id: z.string().describe('Task id'),
          description: z.string(),
          status: z.enum(TASK_STATUSES).describe('DRAFT, ACTIVE or PAUSED'),
          approvalStatus: z.enum(APPROVAL_STATUSES).optional().describe('PENDING: every task listed waits for approval'),
          approvalResetReason: z.string().nullable().describe('creative_changed: approved once, then its creative was edited'),
          creativeId: z.string().nullable(),
          creativeName: z.string().nullable(),
          accountId: z.string().nullable().describe('The sender email account'),
          contactListId: z.string().nullable().describe('The recipients'),
          createdAt: z.string(),
          createdBy: actor,
          lastApproval: z.looseObject({ by: taskActor, note: z.string(), at: z.string() }).nullable().describe('The approval the creative edit reset'),
          drift: z
            .looseObject({
              approvedVersion: z.number().nullable(),
              currentVersion: z.number().nullable(),
              approved: content.describe('Subject and body as approved; null when approved before versions were kept'),
              current: content,
            })
            .nullable()
            .describe('For a task reset by an edit: the creative as approved and as it is now'),
        }),
      )
      .describe('Mailing tasks awaiting approval (MailingController_approve or mailing_reject), newest first'),
    creatives: z
      .array(
        z.looseObject({
          id: z.string(),
          name: z.string(),
          type: z.string().describe('The channel'),
          subject: z.string(),
          updatedAt: z.string(),
          createdBy: actor,
        }),
      )
      .describe('Channel creatives awaiting moderation (CreativesController_moderateChannelCreative, ADMIN)'),
    campaigns: z
      .array(
        z.looseObject({
          id: z.string(),
          name: z.string(),
          status: z.enum(CAMPAIGN_STATUSES).describe('BLOCKED'),
          primaryBlocker: z.string().nullable(),
          updatedAt: z.string(),
          createdBy: actor,
        }),
      )
      .describe('Campaigns BLOCKED for manual moderation (AUDIT_EXHAUSTED): the platform moderates them'),
    heldCampaigns: z
      .array(
        z.looseObject({
          id: z.string(),
          name: z.string(),
          status: z.enum(CAMPAIGN_STATUSES).describe('DRAFT, ACTIVE or PAUSED (a pause the send engine put on it; a pause by hand is not listed)'),
          ready: z.number().describe('Recipients READY to send'),
          blockers: z
            .array(z.looseObject({ gate: z.string(), reasonCode: z.string() }))
            .describe('The failing gates of CampaignsController_sendReadiness, with their reason codes'),
          updatedAt: z.string(),
          createdBy: actor,
        }),
      )
      .describe('Prepared campaigns (READY recipients) whose send is held by a failing send gate; counted in `count`'),
    heldCampaignsTruncated: z.boolean().describe('More prepared campaigns exist than the newest 20 checked: older ones were not evaluated'),
  }),
);

export const operation = defineOperation({
  operationId: 'mailing_approvals_list',
  method: 'GET',
  path: '/api/mailing/approvals',
  tag: 'mailing',
  summary: 'List what waits for a human approval',
  description:
    'Mailing tasks in approvalStatus PENDING (also those reset by an edit of their creative, with the approved and current content), channel creatives PENDING moderation, BLOCKED campaigns, and campaigns held by a send gate ' +
    '(prepared: READY recipients, the next step a send, but a gate of CampaignsController_sendReadiness fails: no mailbox that can send, balance, footer address, a pause the send engine put on it); each with who prepared it (key name or person). ' +
    'count adds all four: each needs a person (approve, moderate, or fix the gate on the campaign page). ' +
    'DynamoDB cost per call: one Query of the open mailing tasks only (a sparse index that ended tasks leave) plus one BatchGet of their creatives; the creatives index and the campaigns index are each read once with a filter ' +
    '(cost grows with their number; at most 500 items each; the campaigns filter keeps BLOCKED ones and DRAFT/ACTIVE/PAUSED ones with READY recipients by their counters). ' +
    'Gates are evaluated for at most the 20 newest prepared campaigns: one BatchGet of their send tasks (the ACTIVE ones), one Query per listed campaign for who created it, and once for all of them the balance, the company profile and the sender ' +
    '(about 3 reads, plus 2 per mailbox tried). A workspace with no prepared campaign pays no gate read. Cheap enough to poll every 30 s.',
  access: 'tenant',
  scope: 'tasks:read',
  input: {},
  output,
  hints: { readOnly: true, idempotent: true },
  handler: async (_input, ctx) => listApprovals(ctx.deps, requireTenant(ctx).tenantId),
  guidance: (r) =>
    r.tasks.length
      ? {
          next: 'MailingController_approve',
          why: 'Approve (or mailing_reject) each waiting task with a note.',
          check: `POST /api/mailing/${r.tasks[0].id}/approve`,
        }
      : r.heldCampaigns.length
        ? {
            next: 'CampaignsController_sendReadiness',
            why: `A send gate holds campaign ${r.heldCampaigns[0].name}: ${r.heldCampaigns[0].blockers.map((b) => b.reasonCode).join(', ')}.`,
            check: `GET /api/campaigns/${r.heldCampaigns[0].id}/send-readiness`,
          }
        : { next: 'tasks_list', why: 'Nothing waits for approval.' },
});
export const handler = lambdaHandler(operation);
