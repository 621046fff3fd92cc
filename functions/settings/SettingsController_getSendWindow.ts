import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { sendWindowState } from '../../shared/workspace/settings/send-window-state.js';
import { getWorkspaceSendWindow } from '../../shared/workspace/settings/settings.js';
import { lambdaHandler } from '../lambda.js';

export const sendWindowOutput = z.looseObject({
  source: z.enum(['workspace', 'default']).describe('default = never set: the safe defaults apply'),
  configured: z.looseObject({ enabled: z.boolean(), workDays: z.array(z.number()), startTime: z.string(), endTime: z.string(), timezone: z.string() }),
  windowOpen: z.boolean().describe('Whether sends may happen now'),
  nextOpenAt: z.string().nullable().describe('Next opening (ISO UTC) when closed; null when open or 24/7'),
});

export const operation = defineOperation({
  operationId: 'SettingsController_getSendWindow',
  method: 'GET',
  path: '/api/settings/send-window',
  tag: 'settings',
  summary: 'The workspace default send window',
  description:
    'The window campaigns without their own sendWindow use: {source, configured, windowOpen, nextOpenAt}. Intervals are [start,end) in the window timezone; an overnight window belongs to its start day.',
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  output: sendWindowOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => {
    const { source, ...configured } = await getWorkspaceSendWindow(requireTenant(ctx).table);
    return { source, configured, ...sendWindowState(configured, ctx.deps.clock.now()) };
  },
  guidance: (r) => ({
    next: 'SettingsController_setSendWindow',
    why:
      r.source === 'default'
        ? 'The defaults apply (Mon-Fri 09:00-18:00 UTC); a SUPER can set the workspace window.'
        : 'A SUPER can change the window; omitted fields stay.',
  }),
});
export const handler = lambdaHandler(operation);
