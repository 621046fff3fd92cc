import { defineOperation } from '../../shared/platform/registry/operation.js';
import { BounceGuardPatchSchema, mergeBounceGuard, type BounceGuard } from '../../shared/workspace/settings/bounce-guard.js';
import { updateSetting } from '../../shared/workspace/settings/settings.js';
import { requireRole } from '../../shared/workspace/tenancy/roles.js';
import { lambdaHandler } from '../lambda.js';
import { BOUNCE_GUARD_RULES, bounceGuardOutput } from './SettingsController_getBounceGuard.js';

export const operation = defineOperation({
  operationId: 'SettingsController_setBounceGuard',
  method: 'PATCH',
  path: '/api/settings/bounce-guard',
  tag: 'settings',
  summary: 'Change the bounce-rate protection (ADMIN or SUPER)',
  description:
    'Body: any of {enabled, maxBounceRatePercent 0.5..50, windowSends 20..1000, minSends 1..windowSends}; omitted fields keep their value. ' +
    `400 for values out of range or minSends above windowSends; 403 insufficient_role for MEMBER. Applies to the next send batch. ${BOUNCE_GUARD_RULES}`,
  access: 'tenant',
  scope: 'workspace:write',
  input: { body: BounceGuardPatchSchema },
  output: bounceGuardOutput,
  hints: { readOnly: false, idempotent: true },
  handler: async ({ body }, ctx) =>
    updateSetting<BounceGuard>(requireRole(ctx, 'ADMIN').table, 'bounceGuard', ctx.deps.clock.now(), (cur) => mergeBounceGuard(cur, body)),
  guidance: (r) => ({
    next: 'EmailAccountsController_list',
    why: r.enabled ? `Mailboxes pause above ${r.maxBounceRatePercent} % hard bounces over their last ${r.windowSends} sends.` : 'The protection is off.',
  }),
});
export const handler = lambdaHandler(operation);
