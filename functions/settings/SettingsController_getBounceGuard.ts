import * as z from 'zod';
import { defineOperation } from '../../shared/platform/registry/operation.js';
import { requireTenant } from '../../shared/platform/runtime/context.js';
import { bounceGuardOf } from '../../shared/workspace/settings/bounce-guard.js';
import { getSetting } from '../../shared/workspace/settings/settings.js';
import { lambdaHandler } from '../lambda.js';

export const bounceGuardOutput = z.looseObject({
  enabled: z.boolean().describe('Whether a mailbox is paused when its bounce rate passes the threshold'),
  maxBounceRatePercent: z.number().describe('Hard-bounce rate (5xx refusals) that pauses a mailbox, percent (default 5)'),
  windowSends: z.number().describe('The sliding window: the mailbox’s last N sends (default 100)'),
  minSends: z.number().describe('Sends in the window before the rate alone pauses (default 50)'),
});

export const BOUNCE_GUARD_RULES =
  'A mailbox pauses when the hard bounces among its last windowSends sends are more than maxBounceRatePercent of a whole window (8 of 10 refused trips at once), ' +
  'or when at least minSends sends are in the window and their rate is over the threshold. Tripping sets the mailbox SUSPENDED with suspendedReason ' +
  'bounce_rate_exceeded (bounceTrip holds the window), pauses its tasks with pauseReason sender_bounce_rate_exceeded and emits the webhook event ' +
  'email_account.bounce_rate_exceeded. EmailAccountsController_resume clears it and starts a fresh window; then resume the tasks.';

export const operation = defineOperation({
  operationId: 'SettingsController_getBounceGuard',
  method: 'GET',
  path: '/api/settings/bounce-guard',
  tag: 'settings',
  summary: 'Bounce-rate protection of the sender mailboxes',
  description: `${BOUNCE_GUARD_RULES} Defaults: enabled, 5 %, last 100 sends, minimum 50.`,
  access: 'tenant',
  scope: 'workspace:read',
  input: {},
  output: bounceGuardOutput,
  hints: { readOnly: true, idempotent: true },
  handler: async (_i, ctx) => bounceGuardOf(await getSetting(requireTenant(ctx).table, 'bounceGuard')),
  guidance: () => ({ next: 'SettingsController_setBounceGuard', why: 'Tighten or relax the threshold per workspace.' }),
});
export const handler = lambdaHandler(operation);
